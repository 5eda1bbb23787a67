import Foundation
import Logging
import NIOCore
import SQLiteNIO
import Catalogs
import SimulcastCore

/// The embedded default store: one SQLite file (bundled with sqlite-nio, so nothing to
/// install). Room states are stored as JSON, the shape clients already see.
public final class SQLiteRoomStore: RoomStore, ResponseCache {
    private let connection: SQLiteConnection
    private let clock: any LocalClock
    private static let schemaVersion = 2

    private init(connection: SQLiteConnection, clock: any LocalClock) {
        self.connection = connection
        self.clock = clock
    }

    /// Opens (creating if needed) the database at `path`, or an in-memory one for nil.
    public static func open(path: String?, clock: any LocalClock = SystemClock(), logger: Logger = Logger(label: "simulcast.store")) async throws -> SQLiteRoomStore {
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory, logger: logger)
        } catch {
            throw StoreError(.cannotOpen, "cannot open database \(path ?? ":memory:"): \(error)")
        }
        let store = SQLiteRoomStore(connection: connection, clock: clock)
        do {
            try await store.migrate()
        } catch {
            try? await connection.close()
            throw StoreError(.cannotOpen, "database \(path ?? ":memory:") is not a Simulcast database or is damaged: \(error)")
        }
        return store
    }

    private func migrate() async throws {
        _ = try await connection.query("PRAGMA journal_mode=WAL")
        _ = try await connection.query("PRAGMA busy_timeout=5000")
        let version = try await connection.query("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
        guard version < Self.schemaVersion else { return }
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS rooms (
                code TEXT PRIMARY KEY,
                host_token_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                seq INTEGER NOT NULL,
                state TEXT NOT NULL
            )
            """)
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS match_cache (
                source_service TEXT NOT NULL,
                source_id TEXT NOT NULL,
                target_service TEXT NOT NULL,
                storefront TEXT NOT NULL,
                result TEXT NOT NULL,
                expires_at INTEGER NOT NULL,
                PRIMARY KEY (source_service, source_id, target_service, storefront)
            )
            """)
        _ = try await connection.query("""
            CREATE TABLE IF NOT EXISTS http_cache (
                key TEXT PRIMARY KEY,
                body BLOB NOT NULL,
                expires_at INTEGER NOT NULL
            )
            """)
        _ = try await connection.query("PRAGMA user_version = \(Self.schemaVersion)")
    }

    public func createRoom(_ room: StoredRoom) async throws {
        if try await self.room(code: room.code) != nil { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
        _ = try await connection.query(
            "INSERT INTO rooms (code, host_token_hash, created_at, seq, state) VALUES (?, ?, ?, ?, ?)",
            [.text(room.code), .text(room.hostTokenHash), .integer(Int(room.createdAt)), .integer(room.state.seq), .text(try Self.json(room.state))]
        )
    }

    public func room(code: String) async throws -> StoredRoom? {
        let rows = try await connection.query("SELECT code, host_token_hash, created_at, state FROM rooms WHERE code = ?", [.text(code)])
        guard let row = rows.first else { return nil }
        guard let hash = row.column("host_token_hash")?.string, let created = row.column("created_at")?.integer,
            let stateText = row.column("state")?.string
        else { throw StoreError(.corruptRecord, "room \(code) has an unreadable record") }
        let state: RoomState
        do { state = try JSONDecoder().decode(RoomState.self, from: Data(stateText.utf8)) } catch {
            throw StoreError(.corruptRecord, "room \(code) has an unreadable state")
        }
        return StoredRoom(code: code, hostTokenHash: hash, createdAt: Int64(created), state: state)
    }

    public func saveState(_ state: RoomState, forRoom code: String) async throws {
        _ = try await connection.query(
            "UPDATE rooms SET seq = ?, state = ? WHERE code = ? AND seq <= ?",
            [.integer(state.seq), .text(try Self.json(state)), .text(code), .integer(state.seq)]
        )
    }

    public func roomCount() async throws -> Int {
        try await connection.query("SELECT COUNT(*) AS n FROM rooms").first?.column("n")?.integer ?? 0
    }

    public func cachedMatch(for key: MatchCacheKey, now: Int64) async throws -> MatchResult? {
        let rows = try await connection.query(
            """
            SELECT result FROM match_cache
            WHERE source_service = ? AND source_id = ? AND target_service = ? AND storefront = ? AND expires_at > ?
            """,
            [.text(key.sourceService.rawValue), .text(key.sourceId), .text(key.targetService.rawValue), .text(key.storefront), .integer(Int(now))]
        )
        guard let text = rows.first?.column("result")?.string else { return nil }
        // A record this version cannot read is treated as a miss and replaced by a fresh match.
        return try? JSONDecoder().decode(MatchResult.self, from: Data(text.utf8))
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: Int64) async throws {
        _ = try await connection.query(
            """
            INSERT INTO match_cache (source_service, source_id, target_service, storefront, result, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_service, source_id, target_service, storefront)
            DO UPDATE SET result = excluded.result, expires_at = excluded.expires_at
            """,
            [.text(key.sourceService.rawValue), .text(key.sourceId), .text(key.targetService.rawValue), .text(key.storefront),
             .text(try Self.json(result)), .integer(Int(expiresAt))]
        )
    }

    public func cachedResponse(for key: String, now: Int64) async throws -> [UInt8]? {
        let rows = try await connection.query("SELECT body FROM http_cache WHERE key = ? AND expires_at > ?", [.text(key), .integer(Int(now))])
        guard let blob = rows.first?.column("body")?.blob else { return nil }
        return Array(blob.readableBytesView)
    }

    public func cacheResponse(_ body: [UInt8], for key: String, expiresAt: Int64) async throws {
        _ = try await connection.query(
            "INSERT INTO http_cache (key, body, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body, expires_at = excluded.expires_at",
            [.text(key), .blob(ByteBuffer(bytes: body)), .integer(Int(expiresAt))]
        )
        // Keep the table from growing without bound: drop what has expired, now and then.
        if Int.random(in: 0..<200) == 0 {
            _ = try await connection.query("DELETE FROM http_cache WHERE expires_at <= ?", [.integer(Int(clock.nowMicros()))])
        }
    }

    public func close() async throws {
        try await connection.close()
    }

    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
