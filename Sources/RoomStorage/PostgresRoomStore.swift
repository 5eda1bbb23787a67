import Foundation
import Logging
import NIOCore
import PostgresNIO
import Rooms
import ServiceLifecycle
import SimulcastCore
import Synchronization

/// The store several server nodes share: rooms, states, host claims, match cache, corrections
/// and live nodes in one PostgreSQL database, which is also the bus between nodes. A commit
/// is a compare-and-set on `seq` that sends `NOTIFY` in the same statement, so every node
/// hears of it in commit order; the notification carries only the room code and `seq`.
public final class PostgresRoomStore: RoomStateStore {
    static let channel = "simulcast_rooms"
    static let schemaVersion = 5
    /// The key of the advisory lock that lets one node at a time migrate.
    static let migrationLock: Int64 = 0x5343_5354
    /// Server time in microseconds, so node heartbeats need no agreement between nodes' clocks.
    static let databaseNow = "(extract(epoch from clock_timestamp()) * 1000000)::bigint"

    private let client: PostgresClient
    /// Each time the change listener hears the channel (again); nil without a listener.
    private let listening: AsyncStream<Void>?
    let changeStream: AsyncStream<RoomChange>?
    /// The services this store runs itself when opened with `open` rather than run by a group.
    private let ownRun = Mutex<Task<Void, Never>?>(nil)
    /// Set once `prepare()` has succeeded: the server prepares a store `open` already did.
    private let prepared = Mutex(false)
    private let logger: Logger
    private let timeout: Duration
    public let url: PostgresDatabaseURL
    /// What must run for the store to work: the connection pool and, with `listen`, the
    /// listener for other nodes' changes. The server runs them in its service group and calls
    /// `prepare()` before serving; `open` runs them itself.
    public let services: [any Service]

    /// A store that has not connected yet: run its `services`, then `prepare()` it.
    /// - Parameters:
    ///   - timeout: how long any one statement may take, waiting for a connection included.
    ///   - maximumConnections: the pool's size for this node.
    public init(
        url: PostgresDatabaseURL, listen: Bool = true, timeout: Duration = .seconds(5), maximumConnections: Int = 16,
        logger: Logger = Logger(label: "simulcast.store")
    ) throws {
        var configuration = url.clientConfiguration
        configuration.options.connectTimeout = timeout
        configuration.options.maximumConnections = maximumConnections
        configuration.options.keepAliveBehavior = .init(frequency: .seconds(10))
        let parameters = [("application_name", "simulcast"), ("statement_timeout", "\(timeout.inMicroseconds / 1000)")]
        configuration.options.additionalStartupParameters = parameters
        client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        var services: [any Service] = [PostgresPoolService(client: client)]
        if listen {
            var connection = try url.connectionConfiguration()
            connection.options.connectTimeout = .nanoseconds(timeout.inMicroseconds * 1000)
            connection.options.additionalStartupParameters = parameters
            let (listening, listeningContinuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let (changes, continuation) = AsyncStream<RoomChange>.makeStream(bufferingPolicy: .bufferingNewest(100_000))
            services.append(
                PostgresChangeListener(configuration: connection, channel: Self.channel, logger: logger, continuation: continuation) {
                    listeningContinuation.yield()
                })
            (self.listening, changeStream) = (listening, changes)
        } else {
            (self.listening, changeStream) = (nil, nil)
        }
        self.services = services
        self.url = url
        self.logger = logger
        self.timeout = timeout
    }

    /// A store ready to use, running its own services until `close()` (tools and tests; the
    /// server runs them in its service group instead).
    public static func open(
        url: PostgresDatabaseURL, listen: Bool = true, timeout: Duration = .seconds(5), maximumConnections: Int = 16,
        logger: Logger = Logger(label: "simulcast.store")
    ) async throws -> PostgresRoomStore {
        let store = try PostgresRoomStore(url: url, listen: listen, timeout: timeout, maximumConnections: maximumConnections, logger: logger)
        let services = store.services
        store.ownRun.withLock { run in
            run = Task {
                await withDiscardingTaskGroup { group in
                    for service in services { group.addTask { try? await service.run() } }
                }
            }
        }
        do {
            try await store.prepare()
        } catch {
            try? await store.close()
            throw error
        }
        return store
    }

    /// Applies the schema migrations this version knows and, with a listener, waits until it
    /// hears other nodes' changes: serving before would miss changes to rooms loaded meanwhile.
    public func prepare() async throws {
        guard !prepared.withLock({ $0 }) else { return }
        do {
            try await migrate()
            if let listening {
                try await withDeadline {
                    var iterator = listening.makeAsyncIterator()
                    guard await iterator.next() != nil else { throw CancellationError() }
                }
            }
        } catch {
            if let error = error as? StoreError, error.kind == .cannotOpen { throw error }
            throw StoreError(.cannotOpen, "cannot use database \(url): \(Self.describe(error))")
        }
        prepared.withLock { $0 = true }
    }

    private func migrate() async throws {
        try await withDeadline {
            try await self.client.withTransaction(logger: self.logger) { connection in
                _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.migrationLock))", logger: self.logger)
                let tables = try await connection.query(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()", logger: self.logger
                ).collect().map { try $0.decode(String.self) }
                var version = 0
                if tables.contains("simulcast_schema") {
                    for try await found in try await connection.query("SELECT version FROM simulcast_schema", logger: self.logger).decode(Int.self) {
                        version = found
                    }
                } else {
                    let ours = Set([
                        "rooms", "match_cache", "http_cache", "corrections", "nodes", "presence", "hosted_accounts", "listener_follows", "room_history",
                    ])
                    let clashing = tables.filter(ours.contains)
                    if !clashing.isEmpty {
                        throw StoreError(
                            .cannotOpen,
                            "database \(self.url) already has tables named \(clashing.sorted().joined(separator: ", ")) that Simulcast did not create; use an empty database"
                        )
                    }
                }
                if version > Self.schemaVersion {
                    throw StoreError(
                        .cannotOpen,
                        "database \(self.url) was written by a newer Simulcast (schema \(version); this one knows \(Self.schemaVersion)); upgrade simulcast")
                }
                for (index, steps) in Self.migrations.enumerated() where index + 1 > version {
                    for step in steps { _ = try await connection.query(PostgresQuery(unsafeSQL: step), logger: self.logger) }
                }
                if version < Self.schemaVersion {
                    _ = try await connection.query("DELETE FROM simulcast_schema", logger: self.logger)
                    _ = try await connection.query("INSERT INTO simulcast_schema (version) VALUES (\(Self.schemaVersion))", logger: self.logger)
                    self.logger.notice("database schema migrated", metadata: ["from": "\(version)", "to": "\(Self.schemaVersion)"])
                }
            }
        }
    }

    /// Migration `n` (1-based) is `migrations[n - 1]`; each runs once, in one transaction with the rest.
    static let migrations: [[String]] = [
        [
            "CREATE TABLE simulcast_schema (version INTEGER NOT NULL)",
            """
            CREATE TABLE rooms (
                code TEXT PRIMARY KEY,
                host_token_hash TEXT NOT NULL,
                created_at BIGINT NOT NULL,
                seq BIGINT NOT NULL,
                state TEXT NOT NULL,
                last_active BIGINT NOT NULL,
                host_node TEXT,
                host_connection BIGINT
            )
            """,
            "CREATE INDEX rooms_last_active ON rooms (last_active)",
            "CREATE INDEX rooms_host_node ON rooms (host_node) WHERE host_node IS NOT NULL",
            """
            CREATE TABLE match_cache (
                source_service TEXT NOT NULL,
                source_id TEXT NOT NULL,
                target_service TEXT NOT NULL,
                storefront TEXT NOT NULL,
                result TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                PRIMARY KEY (source_service, source_id, target_service, storefront)
            )
            """,
            "CREATE INDEX match_cache_expires ON match_cache (expires_at)",
            "CREATE TABLE http_cache (key TEXT PRIMARY KEY, body BYTEA NOT NULL, expires_at BIGINT NOT NULL)",
            """
            CREATE TABLE corrections (
                id BIGSERIAL PRIMARY KEY,
                source_service TEXT NOT NULL,
                source_id TEXT NOT NULL,
                target_service TEXT NOT NULL,
                storefront TEXT NOT NULL,
                room TEXT NOT NULL,
                global BOOLEAN NOT NULL,
                record TEXT NOT NULL
            )
            """,
            "CREATE INDEX corrections_key ON corrections (source_service, source_id, target_service, storefront)",
            "CREATE INDEX corrections_room ON corrections (room)",
            "CREATE TABLE nodes (id TEXT PRIMARY KEY, expires_at BIGINT NOT NULL)",
        ],
        // Issue 24: each node's share of each room's presence (one small row, not a row per listener).
        ["CREATE TABLE presence (room TEXT NOT NULL, node TEXT NOT NULL, share TEXT NOT NULL, PRIMARY KEY (room, node))"],
        // Issue 24: rooms hosted from a browser, the host's sealed login and the node following it.
        ["CREATE TABLE hosted_accounts (room TEXT PRIMARY KEY, service TEXT NOT NULL, sealed BYTEA, generation BIGINT NOT NULL, follower TEXT)"],
        // Issue 36: listeners whose own player the server keeps in sync, and the node following each.
        [
            "CREATE TABLE listener_follows (room TEXT NOT NULL, id TEXT NOT NULL, token_hash TEXT NOT NULL, service TEXT NOT NULL, sealed BYTEA, follower TEXT, PRIMARY KEY (room, id))"
        ],
        // Issue 37: the songs each room played, newest 500.
        ["CREATE TABLE room_history (room TEXT NOT NULL, position BIGINT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (room, position))"],
    ]

    // MARK: Rooms

    public func createRoom(_ room: StoredRoom) async throws {
        let state = try StoredRoomRecord.json(room.state)
        let rows = try await rows(
            """
            INSERT INTO rooms (code, host_token_hash, created_at, seq, state, last_active)
            VALUES (\(room.code), \(room.hostTokenHash), \(room.createdAt.micros), \(room.state.seq), \(state), \(room.createdAt.micros))
            ON CONFLICT (code) DO NOTHING RETURNING code
            """)
        if rows.isEmpty { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
    }

    public func room(code: String) async throws -> StoredRoom? {
        let rows = try await rows("SELECT host_token_hash, created_at, state, host_node, host_connection FROM rooms WHERE code = \(code)")
        guard let row = rows.first else { return nil }
        let (hash, created, stateText, node, connection): (String, Int64, String, String?, Int?)
        do { (hash, created, stateText, node, connection) = try row.decode((String, Int64, String, String?, Int?).self) } catch {
            throw StoreError(.corruptRecord, "room \(code) has an unreadable record")
        }
        let claim = node.flatMap { node in connection.map { HostClaim(node: node, connection: $0) } }
        return StoredRoom(
            code: code, hostTokenHash: hash, createdAt: ServerTime(micros: created), state: try StoredRoomRecord.decodeState(stateText, room: code),
            hostClaim: claim)
    }

    public func commitState(_ commit: StateCommit) async throws -> CommitOutcome {
        var binds = PostgresBindings()
        func bind(_ value: some PostgresDynamicTypeEncodable) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        var sql =
            "WITH updated AS (UPDATE rooms SET seq = \(bind(commit.state.seq)), state = \(bind(commit.encoded)), last_active = GREATEST(last_active, \(bind(commit.at.micros)))"
        if let resulting = commit.claim.resulting {
            if let claim = resulting {
                sql += ", host_node = \(bind(claim.node)), host_connection = \(bind(claim.connection))"
            } else {
                sql += ", host_node = NULL, host_connection = NULL"
            }
        }
        if let hash = commit.newHostTokenHash { sql += ", host_token_hash = \(bind(hash))" }
        sql += " WHERE code = \(bind(commit.code)) AND seq = \(bind(commit.expectedSeq))"
        if let required = commit.claim.required {
            sql += " AND host_node = \(bind(required.node)) AND host_connection = \(bind(required.connection))"
        }
        // The notification leaves at commit, in commit order, only if the row changed.
        let payload = RoomChange.state(code: commit.code, seq: commit.state.seq).payload ?? ""
        sql += " RETURNING code) SELECT pg_notify(\(bind(Self.channel)), \(bind(payload))) FROM updated"
        if try await !rows(PostgresQuery(unsafeSQL: sql, binds: binds)).isEmpty { return .committed }
        return try await room(code: commit.code).map(CommitOutcome.conflict) ?? .missing
    }

    public func touchRoom(code: String, at: ServerTime) async throws {
        try await execute("UPDATE rooms SET last_active = GREATEST(last_active, \(at.micros)) WHERE code = \(code)")
    }

    public func roomCount() async throws -> Int {
        try await rows("SELECT count(*) FROM rooms").first?.decode(Int.self) ?? 0
    }

    public func deleteIdleRooms(idleBefore: ServerTime, keeping: Set<String>) async throws -> Int {
        let keep = Array(keeping)
        let deleted = try await rows(
            "DELETE FROM rooms WHERE code IN (SELECT code FROM rooms WHERE last_active < \(idleBefore.micros) AND NOT (code = ANY(\(keep))) LIMIT 10000) RETURNING code"
        ).map { try $0.decode(String.self) }
        if !deleted.isEmpty {
            try await execute("DELETE FROM corrections WHERE NOT global AND room = ANY(\(deleted))")
            try await execute("DELETE FROM hosted_accounts WHERE room = ANY(\(deleted))")
            try await execute("DELETE FROM listener_follows WHERE room = ANY(\(deleted))")
            try await execute("DELETE FROM room_history WHERE room = ANY(\(deleted))")
        }
        return deleted.count
    }

    public func purgeExpired(now: ServerTime) async throws -> Int {
        var purged = 0
        purged += try await count("WITH d AS (DELETE FROM match_cache WHERE expires_at <= \(now.micros) RETURNING 1) SELECT count(*) FROM d")
        purged += try await count("WITH d AS (DELETE FROM http_cache WHERE expires_at <= \(now.micros) RETURNING 1) SELECT count(*) FROM d")
        purged += try await count(
            PostgresQuery(unsafeSQL: "WITH d AS (DELETE FROM nodes WHERE expires_at <= \(Self.databaseNow) RETURNING 1) SELECT count(*) FROM d"))
        return purged
    }

    /// The catalogs' response cache, in this database's `http_cache` table: every node shares it.
    public var responseCache: PostgresResponseCache { PostgresResponseCache(store: self) }

    // MARK: Running statements

    /// Stops the services `open` started; a service group stops its own.
    public func close() async throws {
        guard let run = ownRun.withLock({ $0 }) else { return }
        run.cancel()
        await run.value
    }

    func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withDeadline { try await self.client.query(query, logger: self.logger).collect() }
    }

    func execute(_ query: PostgresQuery) async throws {
        _ = try await rows(query)
    }

    /// Runs `body` in a transaction that holds PostgreSQL's advisory lock for `name`: one at a
    /// time across every node on this database. The error of `body` comes out unchanged (and
    /// the transaction is rolled back); the lock goes with the transaction. It ends within
    /// `within` (the store's own bound is for statements, not for work done under the lock).
    func exclusively<Value: Sendable>(
        lockNamed name: String, within limit: Duration, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Value
    ) async throws -> Value {
        let logger = self.logger
        let client = self.client
        return try await TimeLimit.run(limit, expired: { StoreError(.unavailable, "the database's lock did not come within \(limit)") }) {
            try await Self.locked(client: client, name: name, logger: logger, body)
        }
    }

    private static func locked<Value: Sendable>(
        client: PostgresClient, name: String, logger: Logger, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> Value
    ) async throws -> Value {
        try await client.withConnection { connection in
            _ = try await connection.query("BEGIN", logger: logger)
            do {
                _ = try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(name), 0))", logger: logger)
                let value = try await body(connection, logger)
                _ = try await connection.query("COMMIT", logger: logger)
                return value
            } catch {
                _ = try? await connection.query("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    func count(_ query: PostgresQuery) async throws -> Int {
        try await rows(query).first?.decode(Int.self) ?? 0
    }

    /// Every statement, waiting for a pooled connection included, ends within `timeout`: while
    /// PostgreSQL restarts, callers get a `StoreError` quickly instead of waiting on it.
    private func withDeadline<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let timeout = self.timeout
        do {
            return try await TimeLimit.run(timeout, expired: { StoreError(.unavailable, "the database did not answer within \(timeout)") }, operation)
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.unavailable, "database \(url): \(Self.describe(error))")
        }
    }

    /// What went wrong, without the query's values (which may be tokens' hashes or states).
    static func describe(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return "PostgreSQL said: \(message) (\(error.serverInfo?[.sqlState] ?? "?"))"
            }
            return "PostgreSQL \(error.code)"
        }
        if error is CancellationError { return "cancelled" }
        return "\(error)"
    }
}

/// Every capability, each in its own file (`PostgresRoomStore+Matches`, `+Nodes`, `+Sharing`, `+HostedAccounts`).
extension PostgresRoomStore: RoomStore {}
