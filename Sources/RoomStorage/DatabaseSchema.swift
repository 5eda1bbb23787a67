import Foundation
import Logging
import NIOCore
import PostgresNIO
import Rooms
import SQLiteNIO
import SimulcastCore

/// Which schema a database holds, read without changing it (`simulcast doctor`): a database
/// written by a newer Simulcast cannot be served by this one, an older one is migrated at start.
public enum DatabaseSchema {
    public struct Reading: Sendable, Equatable {
        /// The schema the database holds; 0 for a new (or missing) one.
        public let found: Int
        /// The schema this version writes.
        public let current: Int
        /// false: no database yet; `serve` makes it.
        public let exists: Bool

        public init(found: Int, current: Int, exists: Bool) {
            self.found = found
            self.current = current
            self.exists = exists
        }
    }

    public static func sqlite(path: String, logger: Logger = Logger(label: "simulcast.doctor")) async throws -> Reading {
        guard FileManager.default.fileExists(atPath: path) else { return Reading(found: 0, current: SQLiteRoomStore.schemaVersion, exists: false) }
        let connection: SQLiteConnection
        do { connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger) } catch {
            throw StoreError(.cannotOpen, "cannot open database \(path): \(error)")
        }
        do {
            let version = try await connection.query("PRAGMA user_version").first?.column("user_version")?.integer ?? 0
            try await connection.close()
            return Reading(found: version, current: SQLiteRoomStore.schemaVersion, exists: true)
        } catch {
            try? await connection.close()
            throw StoreError(.cannotOpen, "database \(path) is damaged or not a database: \(error)")
        }
    }

    /// The tables that keep sealed logins: hosts' and listeners'.
    static let sealedTables = ["hosted_accounts", "listener_follows"]

    /// The ids of the keys the database's hosted and listeners' logins were sealed with (`SealedSecret`), read
    /// without changing anything: every node must hold one of them (`simulcast doctor`).
    public static func sealedKeyIds(sqlite path: String, logger: Logger = Logger(label: "simulcast.doctor")) async throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        defer { Task { try? await connection.close() } }
        var ids: Set<String> = []
        for table in sealedTables {
            let found = try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?", [.text(table)])
            guard !found.isEmpty else { continue }
            let rows = try await connection.query("SELECT sealed FROM \(table) WHERE sealed IS NOT NULL")
            ids.formUnion(rows.compactMap { $0.column("sealed")?.blob.flatMap { SealedSecret.unwrap(Array($0.readableBytesView))?.keyId } })
        }
        return ids
    }

    public static func sealedKeyIds(postgres url: PostgresDatabaseURL, logger: Logger = Logger(label: "simulcast.doctor")) async throws -> Set<String> {
        var configuration = try url.connectionConfiguration()
        configuration.options.connectTimeout = .seconds(5)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        var ids: Set<String> = []
        for table in sealedTables {
            let found = try await connection.query(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = \(table)", logger: logger
            ).collect()
            guard !found.isEmpty else { continue }
            for try await sealed in try await connection.query(PostgresQuery(unsafeSQL: "SELECT sealed FROM \(table) WHERE sealed IS NOT NULL"), logger: logger)
                .decode(ByteBuffer.self)
            {
                if let id = SealedSecret.unwrap(Array(sealed.readableBytesView))?.keyId { ids.insert(id) }
            }
        }
        return ids
    }

    public static func postgres(url: PostgresDatabaseURL, timeout: Duration = .seconds(5), logger: Logger = Logger(label: "simulcast.doctor")) async throws
        -> Reading
    {
        try await TimeLimit.run(timeout, expired: { StoreError(.unavailable, "database \(url) did not answer within \(timeout)") }) {
            var configuration = try url.connectionConfiguration()
            configuration.options.connectTimeout = .seconds(Int64(timeout.components.seconds))
            let connection: PostgresConnection
            do { connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger) } catch {
                throw StoreError(.unavailable, "cannot connect to database \(url): \(PostgresRoomStore.describe(error))")
            }
            defer { Task { try? await connection.close() } }
            let tables = try await connection.query(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'simulcast_schema'", logger: logger
            ).collect()
            guard !tables.isEmpty else { return Reading(found: 0, current: PostgresRoomStore.schemaVersion, exists: true) }
            var version = 0
            for try await found in try await connection.query("SELECT version FROM simulcast_schema", logger: logger).decode(Int.self) { version = found }
            return Reading(found: version, current: PostgresRoomStore.schemaVersion, exists: true)
        }
    }
}
