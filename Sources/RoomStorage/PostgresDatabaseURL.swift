import Foundation
import NIOSSL
import PostgresNIO
import Rooms

/// A `postgres://user:password@host:port/database?sslmode=...` address. The password is kept
/// out of every description, so the URL can be logged.
public struct PostgresDatabaseURL: Sendable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String?
    public var tls: TLSMode

    /// nil when `text` is not a postgres URL (then it names a SQLite file); throws when it is one but malformed.
    public init?(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") else { return nil }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw StoreError(.cannotOpen, "the database URL is not postgres://user:password@host:port/database")
        }
        guard let user = components.user, !user.isEmpty else {
            throw StoreError(.cannotOpen, "the database URL names no user (postgres://user@\(host)/...)")
        }
        self.host = host
        self.port = components.port ?? 5432
        self.username = user.removingPercentEncoding ?? user
        self.password = (components.password?.removingPercentEncoding ?? components.password) ?? environment["PGPASSWORD"]
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        self.database = path.isEmpty ? nil : path
        let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? TLSMode.prefer.rawValue
        guard let tls = TLSMode(rawValue: mode) else {
            throw StoreError(.cannotOpen, "sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.tls = tls
    }

    public var description: String { "postgres://\(username)@\(host):\(port)/\(database ?? "")" }

    var clientConfiguration: PostgresClient.Configuration {
        let tlsSetting: PostgresClient.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        return PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tlsSetting)
    }

    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tlsSetting: PostgresConnection.Configuration.TLS =
            switch tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        return PostgresConnection.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tlsSetting)
    }
}
