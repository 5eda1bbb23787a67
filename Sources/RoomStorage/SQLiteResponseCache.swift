import Catalogs
import NIOCore
import SQLiteNIO
import SimulcastCore

/// The catalogs' response cache in a SQLite store's `http_cache` table (expired rows go with
/// the store's purge).
public struct SQLiteResponseCache: ResponseCache {
    let store: SQLiteRoomStore

    public func cachedResponse(for key: String, now: LocalTime) async throws -> [UInt8]? {
        let rows = try await store.query("SELECT body FROM http_cache WHERE key = ? AND expires_at > ?", [.text(key), .integer(Int(now.micros))])
        guard let blob = rows.first?.column("body")?.blob else { return nil }
        return Array(blob.readableBytesView)
    }

    public func cacheResponse(_ body: [UInt8], for key: String, expiresAt: LocalTime) async throws {
        _ = try await store.query(
            "INSERT INTO http_cache (key, body, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body, expires_at = excluded.expires_at",
            [.text(key), .blob(ByteBuffer(bytes: body)), .integer(Int(expiresAt.micros))]
        )
    }
}
