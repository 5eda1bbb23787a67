import Catalogs
import NIOCore
import PostgresNIO
import SimulcastCore

/// The catalogs' response cache in a PostgreSQL store's `http_cache` table, shared by every
/// node (expired rows go with the store's purge). A miss is fetched once at a time across the
/// nodes: the fetch runs under an advisory lock on the key, and a node that waited for the
/// lock reads the answer the first one stored.
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

    public func response(for key: String, now: LocalTime, fetch: @escaping @Sendable () async throws -> FetchedResponse) async throws -> [UInt8] {
        if let body = try await cachedResponse(for: key, now: now) { return body }
        // A fetch is bounded by its transport (seconds); a minute bounds the wait for others' too.
        return try await store.exclusively(lockNamed: "http_cache:" + key, within: .seconds(60)) { connection, logger in
            let rows = try await connection.query("SELECT body FROM http_cache WHERE key = \(key) AND expires_at > \(now.micros)", logger: logger).collect()
            if let body = try rows.first?.decode(ByteBuffer.self) { return Array(body.readableBytesView) }
            let fetched = try await fetch()
            _ = try await connection.query(
                """
                INSERT INTO http_cache (key, body, expires_at) VALUES (\(key), \(ByteBuffer(bytes: fetched.body)), \(fetched.expiresAt.micros))
                ON CONFLICT (key) DO UPDATE SET body = excluded.body, expires_at = excluded.expires_at
                """, logger: logger)
            return fetched.body
        }
    }
}
