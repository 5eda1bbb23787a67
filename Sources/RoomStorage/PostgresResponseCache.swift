import Catalogs
import NIOCore
import PostgresNIO
import SimulcastCore

/// The catalogs' response cache in a PostgreSQL store's `http_cache` table, shared by every
/// node (expired rows go with the store's purge).
public struct PostgresResponseCache: ResponseCache {
    let store: PostgresRoomStore

    public func cachedResponse(for key: String, now: LocalTime) async throws -> [UInt8]? {
        let rows = try await store.rows("SELECT body FROM http_cache WHERE key = \(key) AND expires_at > \(now.micros)")
        guard let body = try rows.first?.decode(ByteBuffer.self) else { return nil }
        return Array(body.readableBytesView)
    }

    public func cacheResponse(_ body: [UInt8], for key: String, expiresAt: LocalTime) async throws {
        try await store.execute(
            """
            INSERT INTO http_cache (key, body, expires_at) VALUES (\(key), \(ByteBuffer(bytes: body)), \(expiresAt.micros))
            ON CONFLICT (key) DO UPDATE SET body = excluded.body, expires_at = excluded.expires_at
            """)
    }
}
