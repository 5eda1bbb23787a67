import Foundation
import Logging
import PostgresNIO
import RoomStorage
import Rooms
import SimulcastCore

/// The private PostgreSQL cluster `scripts/test.sh` starts (its URL in SIMULCAST_TEST_DATABASE_URL).
/// Each test gets a database of its own, so tests run in parallel without seeing each other.
public enum TestPostgres {
    public static var baseURL: PostgresDatabaseURL? {
        guard let text = ProcessInfo.processInfo.environment["SIMULCAST_TEST_DATABASE_URL"], !text.isEmpty else { return nil }
        return try? PostgresDatabaseURL(text)
    }

    public static var isAvailable: Bool { baseURL != nil }

    /// A new, empty database on the test cluster.
    public static func freshDatabase() async throws -> PostgresDatabaseURL {
        guard var url = baseURL else { throw StoreError(.cannotOpen, "SIMULCAST_TEST_DATABASE_URL is not set (scripts/test.sh sets it)") }
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try await execute("CREATE DATABASE \(name)", on: url)
        url.database = String(name)
        return url
    }

    /// A store on `url` that waits patiently for the test cluster (see `Patience.database`);
    /// the product's own 5 s bound is tested where it is the point.
    public static func store(_ url: PostgresDatabaseURL, listen: Bool = true, logger: Logger = Logger(label: "simulcast.store")) async throws
        -> PostgresRoomStore
    {
        try await PostgresRoomStore.open(url: url, listen: listen, timeout: Patience.database, logger: logger)
    }

    /// The URL with its password, for a child process's environment.
    public static func connectionString(_ url: PostgresDatabaseURL) -> String {
        "postgres://\(url.username):\(url.password ?? "")@\(url.host):\(url.port)/\(url.database ?? "")?sslmode=disable"
    }

    /// Runs one statement on its own connection, within `Patience.database` (a test waits on
    /// nothing outside it for ever).
    public static func execute(_ sql: String, on url: PostgresDatabaseURL) async throws {
        try await TimeLimit.run(Patience.database, expired: { StoreError(.unavailable, "the test cluster did not answer \(sql) within \(Patience.database)") })
        {
            try await executeNow(sql, on: url)
        }
    }

    private static func executeNow(_ sql: String, on url: PostgresDatabaseURL) async throws {
        let configuration = PostgresConnection.Configuration(
            host: url.host, port: url.port, username: url.username, password: url.password, database: url.database, tls: .disable)
        var patient = configuration
        patient.options.connectTimeout = .seconds(Int64(Patience.database.components.seconds))
        let connection = try await PostgresConnection.connect(configuration: patient, id: 1, logger: Logger(label: "test.postgres"))
        do {
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: Logger(label: "test.postgres"))
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Restarts the cluster (`scripts/test-postgres.sh restart`), as an operator upgrading it would.
    public static func restart() throws {
        guard let script = ProcessInfo.processInfo.environment["SIMULCAST_TEST_POSTGRES_CONTROL"] else {
            throw StoreError(.failed, "SIMULCAST_TEST_POSTGRES_CONTROL is not set (scripts/test.sh sets it)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = ["restart"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        guard process.waitForExitStatus() == 0 else { throw StoreError(.failed, "restarting the test cluster failed") }
    }
}
