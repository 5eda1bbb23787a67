import Foundation
import Logging
import NIOCore
import Rooms
import SQLiteNIO
import SimulcastCore
import Synchronization

/// The embedded default store: one SQLite file (bundled with sqlite-nio, so nothing to
/// install). Room states are stored as JSON, the shape clients already see.
public final class SQLiteRoomStore: RoomStateStore, RoomSharingStore {
    private let connection: SQLiteConnection
    let clock: any LocalClock
    private let gate = Mutex<(closed: Bool, inFlight: Int, handleClosed: Bool)>((false, 0, false))
    static let schemaVersion = 7
    /// `PRAGMA application_id`: "SCST". A file with tables and another id is not ours.
    static let applicationId = 0x5343_5354

    private init(connection: SQLiteConnection, clock: any LocalClock) {
        self.connection = connection
        self.clock = clock
    }

    /// Opens (creating if needed) the database at `path`, or an in-memory one for nil.
    public static func open(path: String?, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.store")) async throws
        -> SQLiteRoomStore
    {
        if let path { try checkWritable(path) }
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: path.map { .file(path: $0) } ?? .memory, logger: logger)
        } catch {
            throw StoreError(.cannotOpen, "cannot open database \(path ?? ":memory:"): \(error)")
        }
        let store = SQLiteRoomStore(connection: connection, clock: clock)
        do {
            try await store.migrate(path: path ?? ":memory:")
        } catch let error as StoreError {
            try? await connection.close()
            throw error
        } catch {
            try? await connection.close()
            let text = "\(error)"
            if text.localizedCaseInsensitiveContains("readonly") || text.localizedCaseInsensitiveContains("read-only") {
                throw StoreError(.cannotOpen, "database \(path ?? ":memory:") is read-only: simulcast must be able to write it and its folder")
            }
            throw StoreError(.cannotOpen, "database \(path ?? ":memory:") is damaged or not a database: \(error)")
        }
        return store
    }

    /// A read-only file or folder is named as such, not as damage.
    private static func checkWritable(_ path: String) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: path) {
            guard manager.isWritableFile(atPath: path) else {
                throw StoreError(.cannotOpen, "database \(path) is read-only: simulcast must be able to write it")
            }
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard manager.isWritableFile(atPath: folder.isEmpty ? "." : folder) else {
            throw StoreError(.cannotOpen, "the folder of database \(path) is read-only: SQLite needs to write its journal beside the file")
        }
    }

    private func migrate(path: String) async throws {
        let version = try await query("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
        let application = try await query("PRAGMA application_id").first?.column("application_id")?.integer ?? 0
        let tables = try await query("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.column("name")?.string }
        if application != Self.applicationId {
            // Version 2 files predate the application id; anything else with tables belongs to another program.
            let ours = version == 2 && Set(tables).isSuperset(of: ["rooms", "match_cache"])
            if !tables.isEmpty && !ours {
                throw StoreError(
                    .cannotOpen,
                    "\(path) is not a Simulcast database (it holds other tables: \(tables.prefix(5).joined(separator: ", "))); choose another --database file")
            }
        }
        if version > Self.schemaVersion {
            throw StoreError(
                .cannotOpen, "\(path) was written by a newer Simulcast (schema \(version); this one knows \(Self.schemaVersion)); upgrade simulcast")
        }
        _ = try await query("PRAGMA journal_mode=WAL")
        // In WAL mode NORMAL survives a killed process (the WAL is in the OS's hands at commit); only a
        // power loss can lose the last commits, which the host republishes anyway. FULL fsyncs every save.
        _ = try await query("PRAGMA synchronous=NORMAL")
        _ = try await query("PRAGMA busy_timeout=5000")
        guard version < Self.schemaVersion else { return }
        _ = try await query("BEGIN")
        _ = try await query(
            """
            CREATE TABLE IF NOT EXISTS rooms (
                code TEXT PRIMARY KEY,
                host_token_hash TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                seq INTEGER NOT NULL,
                state TEXT NOT NULL
            )
            """)
        _ = try await query(
            """
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
        _ = try await query(
            """
            CREATE TABLE IF NOT EXISTS http_cache (
                key TEXT PRIMARY KEY,
                body BLOB NOT NULL,
                expires_at INTEGER NOT NULL
            )
            """)
        if version < 3 {
            _ = try await query("ALTER TABLE rooms ADD COLUMN last_active INTEGER NOT NULL DEFAULT 0")
            _ = try await query("UPDATE rooms SET last_active = created_at")
            _ = try await query("CREATE INDEX IF NOT EXISTS rooms_last_active ON rooms (last_active)")
            _ = try await query("CREATE INDEX IF NOT EXISTS match_cache_expires ON match_cache (expires_at)")
            _ = try await query(
                """
                CREATE TABLE IF NOT EXISTS corrections (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    source_service TEXT NOT NULL,
                    source_id TEXT NOT NULL,
                    target_service TEXT NOT NULL,
                    storefront TEXT NOT NULL,
                    room TEXT NOT NULL,
                    global INTEGER NOT NULL,
                    record TEXT NOT NULL
                )
                """)
            _ = try await query("CREATE INDEX IF NOT EXISTS corrections_key ON corrections (source_service, source_id, target_service, storefront)")
            _ = try await query("CREATE INDEX IF NOT EXISTS corrections_room ON corrections (room)")
        }
        if version < 4 {
            // Several hosts' connections cannot interleave: the room records which one may publish.
            _ = try await query("ALTER TABLE rooms ADD COLUMN host_node TEXT")
            _ = try await query("ALTER TABLE rooms ADD COLUMN host_connection INTEGER")
            _ = try await query("CREATE TABLE IF NOT EXISTS nodes (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)")
        }
        if version < 5 {
            // Rooms hosted from a browser: the host's sealed login and which node follows it.
            _ = try await query(
                "CREATE TABLE IF NOT EXISTS hosted_accounts (room TEXT PRIMARY KEY, service TEXT NOT NULL, sealed BLOB, generation INTEGER NOT NULL, follower TEXT)"
            )
        }
        if version < 6 {
            // Listeners whose own player the server keeps in sync: their sealed login and which node follows it.
            _ = try await query(
                "CREATE TABLE IF NOT EXISTS listener_follows (room TEXT NOT NULL, id TEXT NOT NULL, token_hash TEXT NOT NULL, service TEXT NOT NULL, sealed BLOB, follower TEXT, PRIMARY KEY (room, id))"
            )
        }
        if version < 7 {
            // The songs each room played, newest 500.
            _ = try await query(
                "CREATE TABLE IF NOT EXISTS room_history (room TEXT NOT NULL, position INTEGER NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (room, position))")
        }
        _ = try await query("PRAGMA application_id = \(Self.applicationId)")
        _ = try await query("PRAGMA user_version = \(Self.schemaVersion)")
        _ = try await query("COMMIT")
    }

    public func createRoom(_ room: StoredRoom) async throws {
        if try await self.room(code: room.code) != nil { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
        _ = try await query(
            "INSERT INTO rooms (code, host_token_hash, created_at, seq, state, last_active) VALUES (?, ?, ?, ?, ?, ?)",
            [
                .text(room.code), .text(room.hostTokenHash), .integer(Int(room.createdAt.micros)), .integer(room.state.seq),
                .text(try StoredRoomRecord.json(room.state)), .integer(Int(room.createdAt.micros)),
            ]
        )
    }

    public func room(code: String) async throws -> StoredRoom? {
        let rows = try await query("SELECT code, host_token_hash, created_at, state, host_node, host_connection FROM rooms WHERE code = ?", [.text(code)])
        guard let row = rows.first else { return nil }
        guard let hash = row.column("host_token_hash")?.string, let created = row.column("created_at")?.integer,
            let stateText = row.column("state")?.string
        else { throw StoreError(.corruptRecord, "room \(code) has an unreadable record") }
        let state = try StoredRoomRecord.decodeState(stateText, room: code)
        let claim = row.column("host_node")?.string.flatMap { node in row.column("host_connection")?.integer.map { HostClaim(node: node, connection: $0) } }
        return StoredRoom(code: code, hostTokenHash: hash, createdAt: ServerTime(micros: Int64(created)), state: state, hostClaim: claim)
    }

    public func commitState(_ commit: StateCommit) async throws -> CommitOutcome {
        var sql = "UPDATE rooms SET seq = ?, state = ?, last_active = MAX(last_active, ?)"
        var bindings: [SQLiteData] = [.integer(commit.state.seq), .text(commit.encoded), .integer(Int(commit.at.micros))]
        if let resulting = commit.claim.resulting {
            sql += ", host_node = ?, host_connection = ?"
            bindings += [resulting.map { .text($0.node) } ?? .null, resulting.map { .integer($0.connection) } ?? .null]
        }
        if let hash = commit.newHostTokenHash {
            sql += ", host_token_hash = ?"
            bindings.append(.text(hash))
        }
        sql += " WHERE code = ? AND seq = ?"
        bindings += [.text(commit.code), .integer(commit.expectedSeq)]
        if let required = commit.claim.required {
            sql += " AND host_node = ? AND host_connection = ?"
            bindings += [.text(required.node), .integer(required.connection)]
        }
        // RETURNING, not changes(): another statement may run on the connection in between.
        if try await !query(sql + " RETURNING seq", bindings).isEmpty { return .committed }
        return try await room(code: commit.code).map(CommitOutcome.conflict) ?? .missing
    }

    public func touchRoom(code: String, at: ServerTime) async throws {
        _ = try await query("UPDATE rooms SET last_active = MAX(last_active, ?) WHERE code = ?", [.integer(Int(at.micros)), .text(code)])
    }

    public func roomCount() async throws -> Int {
        try await query("SELECT COUNT(*) AS n FROM rooms").first?.column("n")?.integer ?? 0
    }

    public func deleteIdleRooms(idleBefore: ServerTime, keeping: Set<String>) async throws -> Int {
        let rows = try await query("SELECT code FROM rooms WHERE last_active < ? LIMIT 10000", [.integer(Int(idleBefore.micros))])
        let codes = rows.compactMap { $0.column("code")?.string }.filter { !keeping.contains($0) }
        for code in codes {
            _ = try await query("DELETE FROM rooms WHERE code = ? AND last_active < ?", [.text(code), .integer(Int(idleBefore.micros))])
            _ = try await query("DELETE FROM corrections WHERE room = ? AND global = 0", [.text(code)])
            _ = try await query("DELETE FROM hosted_accounts WHERE room = ? AND NOT EXISTS (SELECT 1 FROM rooms WHERE code = ?)", [.text(code), .text(code)])
            _ = try await query("DELETE FROM listener_follows WHERE room = ? AND NOT EXISTS (SELECT 1 FROM rooms WHERE code = ?)", [.text(code), .text(code)])
            _ = try await query("DELETE FROM room_history WHERE room = ? AND NOT EXISTS (SELECT 1 FROM rooms WHERE code = ?)", [.text(code), .text(code)])
        }
        return codes.count
    }

    public func purgeExpired(now: ServerTime) async throws -> Int {
        var purged = 0
        for table in ["match_cache", "http_cache", "nodes"] {
            _ = try await query("DELETE FROM \(table) WHERE expires_at <= ?", [.integer(Int(now.micros))])
            purged += try await query("SELECT changes() AS n").first?.column("n")?.integer ?? 0
        }
        return purged
    }

    /// The catalogs' response cache, in this database's `http_cache` table: matches survive restarts cheaply.
    public var responseCache: SQLiteResponseCache { SQLiteResponseCache(store: self) }

    /// Every statement goes through here: after `close()` starts, statements fail with a
    /// `StoreError` instead of reaching a closed SQLite handle (which crashes), and `close()`
    /// waits for the ones already running (a last save racing shutdown).
    func query(_ sql: String, _ bindings: [SQLiteData] = []) async throws -> [SQLiteRow] {
        try gate.withLock { gate throws(StoreError) in
            guard !gate.closed else { throw StoreError(.failed, "the database is closed") }
            gate.inFlight += 1
        }
        defer { gate.withLock { $0.inFlight -= 1 } }
        return try await connection.query(sql, bindings)
    }

    /// Whether the SQLite handle is closed (by `close()`, to the end).
    var handleClosed: Bool { gate.withLock { $0.handleClosed } }

    /// A store released with its handle open (its program ended by an error on the way, or a
    /// close that failed) closes it: SQLiteNIO traps on a connection released open. No statement
    /// can be running, since each holds the store; the close holds the connection until it is done.
    deinit {
        if !gate.withLock({ $0.handleClosed }) { _ = connection.close() }
    }

    public func close() async throws {
        gate.withLock { $0.closed = true }
        // Waits out the statements already running even when cancelled (a service group past its
        // shutdown bound): a handle left open trips SQLiteNIO's assertion when it is released,
        // and one closed under a running statement crashes.
        while gate.withLock({ $0.inFlight }) > 0 {
            if (try? await Task.sleep(for: .milliseconds(5))) == nil { await Task.yield() }
        }
        // The future's close, not the async one: that one is cancelled with its task (work on
        // SQLite's thread pool that never runs), which left the handle open.
        try await connection.close().get()
        gate.withLock { $0.handleClosed = true }
    }
}

/// Every capability, each in its own file (`SQLiteRoomStore+Matches`, `+Nodes`, `+HostedAccounts`).
extension SQLiteRoomStore: RoomStore {}
