import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RoomStorage
import SimulcastServer

/// The probes `doctor` runs for real: HTTPS requests with the system's authorities (plus one
/// the operator names, for a private CA), TLS handshakes, binds, the database read-only.
public struct LiveDoctorProbes: DoctorProbes {
    /// A PEM file of an extra authority to trust (mkcert's, a test's).
    let extraAuthority: String?

    public init(extraAuthority: String? = nil) { self.extraAuthority = extraAuthority }

    var tls: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let extraAuthority { configuration.additionalTrustRoots = [.file(extraAuthority)] }
        return configuration
    }

    public func health(origin: String) async -> HealthAnswer {
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, redirectConfiguration: .disallow)
        configuration.timeout = .init(connect: .seconds(10), read: .seconds(10))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { Task { try? await client.shutdown() } }
        do {
            let response = try await client.execute(HTTPClientRequest(url: origin + "/healthz?verbose=true"), timeout: .seconds(15))
            let body = try await response.body.collect(upTo: 1 << 16)
            let date = response.headers.first(name: "date").flatMap(Self.httpDate)
            struct Health: Decodable {
                struct Check: Decodable { var name: String; var ok: Bool }
                var checks: [Check]?
            }
            let checks = (try? JSONDecoder().decode(Health.self, from: Data(body.readableBytesView)))?.checks
            let secure = checks?.first { $0.name == "request-https" }?.ok
            return .answered(status: Int(response.status.code), requestSecure: secure, date: date)
        } catch {
            return .unreachable(Self.describe(error))
        }
    }

    public func servedCertificate(host: String, port: Int) async throws -> CertificateFacts {
        CertificateFacts(try await TLSPeerCertificate.fetch(host: host, port: port, serverName: host))
    }

    public func port(host: String, port: Int, tls useTLS: Bool) async -> PortState {
        if let channel = try? await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port).get()
        {
            try? await channel.close()
            return .free
        }
        let target = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : host
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: {
                var insecure = TLSConfiguration.makeClientConfiguration()
                insecure.certificateVerification = .none
                return insecure
            }())
        configuration.timeout = .init(connect: .seconds(3), read: .seconds(5))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        defer { Task { try? await client.shutdown() } }
        let url = "\(useTLS ? "https" : "http")://\(target.contains(":") ? "[\(target)]" : target):\(port)/healthz"
        guard let response = try? await client.execute(HTTPClientRequest(url: url), timeout: .seconds(5)),
            let body = try? await response.body.collect(upTo: 1 << 12)
        else { return .taken }
        return response.status == .ok && String(buffer: body).contains("\"status\":\"ok\"") ? .simulcast : .taken
    }

    public func schema(database: String, password: String?) async throws -> DatabaseSchema.Reading {
        if var url = try PostgresDatabaseURL(database) {
            if let password { url.password = password }
            return try await DatabaseSchema.postgres(url: url)
        }
        return try await DatabaseSchema.sqlite(path: database)
    }

    public func sealedKeyIds(database: String, password: String?) async throws -> Set<String> {
        if var url = try PostgresDatabaseURL(database) {
            if let password { url.password = password }
            return try await DatabaseSchema.sealedKeyIds(postgres: url)
        }
        return try await DatabaseSchema.sealedKeyIds(sqlite: database)
    }

    public func now() -> Date { Date() }

    /// An HTTP `Date` header (RFC 9110's IMF-fixdate).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }

    /// A connection error as one short line (the client's own descriptions run long).
    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("connectTimeout") || text.contains("connect timeout") { return "the connection timed out" }
        if text.contains("refused") { return "the connection was refused" }
        if text.contains("certificate") || text.contains("handshake") || text.contains("NIOSSL") {
            return "the certificate was not accepted (\(text.prefix(160)))"
        }
        return String(text.prefix(200))
    }
}
