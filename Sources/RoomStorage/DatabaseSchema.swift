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

    /// The ids of the keys the database's hosted logins were sealed with (`SealedSecret`), read
    /// without changing anything: every node must hold one of them (`simulcast doctor`).
    public static func sealedKeyIds(sqlite path: String, logger: Logger = Logger(label: "simulcast.doctor")) async throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        defer { Task { try? await connection.close() } }
        let tables = try await connection.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'hosted_accounts'")
        guard !tables.isEmpty else { return [] }
        let rows = try await connection.query("SELECT sealed FROM hosted_accounts WHERE sealed IS NOT NULL")
        return Set(rows.compactMap { $0.column("sealed")?.blob.flatMap { SealedSecret.unwrap(Array($0.readableBytesView))?.keyId } })
    }

    public static func sealedKeyIds(postgres url: PostgresDatabaseURL, logger: Logger = Logger(label: "simulcast.doctor")) async throws -> Set<String> {
        var configuration = try url.connectionConfiguration()
        configuration.options.connectTimeout = .seconds(5)
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        defer { Task { try? await connection.close() } }
        let tables = try await connection.query(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'hosted_accounts'", logger: logger
        ).collect()
        guard !tables.isEmpty else { return [] }
        var ids: Set<String> = []
        for try await sealed in try await connection.query("SELECT sealed FROM hosted_accounts WHERE sealed IS NOT NULL", logger: logger).decode(
            ByteBuffer.self)
        {
            if let id = SealedSecret.unwrap(Array(sealed.readableBytesView))?.keyId { ids.insert(id) }
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
