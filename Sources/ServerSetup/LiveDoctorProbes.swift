import Catalogs
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import RoomStorage
import ServiceHTTP
import SimulcastCore
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
        // A fresh transport: its own trust roots, and no connection kept past the check.
        let transport = NIOHTTPTransport(timeout: .seconds(15), maximumBodyBytes: 1 << 16, tls: tls, maximumIdlePerOrigin: 0)
        do {
            let response = try await transport.send(TransportRequest(url: origin + "/healthz?verbose=true"))
            let date = response.headers["date"].flatMap(Self.httpDate)
            struct Health: Decodable {
                struct Check: Decodable { var name: String; var ok: Bool }
                var checks: [Check]?
            }
            let checks = (try? JSONDecoder().decode(Health.self, from: response.body))?.checks
            let secure = checks?.first { $0.name == "request-https" }?.ok
            return .answered(status: response.status, requestSecure: secure, date: date)
        } catch {
            return .unreachable(Self.describe(error))
        }
    }

    public func youtubeKeyProblem(baseURL: String, key: String) async -> CatalogServiceError? {
        let transport = NIOHTTPTransport(timeout: .seconds(15), maximumBodyBytes: 1 << 20, tls: tls, maximumIdlePerOrigin: 0)
        let clock = SystemClock()
        let client = YouTubeClient(
            configuration: YouTubeClient.Configuration(baseURL: baseURL, apiKey: key), transport: transport, cache: nil, quota: YouTubeQuota(clock: clock),
            clock: clock)
        do {
            try await client.checkKey()
            return nil
        } catch let error as CatalogServiceError {
            return error
        } catch {
            return .unreachable(.youtube, detail: Self.describe(error))
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
        // Whoever holds the port: any certificate will do, the question is only whether it is us.
        var insecure = TLSConfiguration.makeClientConfiguration()
        insecure.certificateVerification = .none
        let transport = NIOHTTPTransport(timeout: .seconds(5), maximumBodyBytes: 1 << 12, tls: insecure, maximumIdlePerOrigin: 0)
        let url = "\(useTLS ? "https" : "http")://\(target.contains(":") ? "[\(target)]" : target):\(port)/healthz"
        guard let response = try? await transport.send(TransportRequest(url: url)) else { return .taken }
        return response.status == 200 && String(decoding: response.body, as: UTF8.self).contains("\"status\":\"ok\"") ? .simulcast : .taken
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
        if error is TransportTimeout || text.contains("connectTimeout") || text.contains("connect timeout") { return "the connection timed out" }
        if text.contains("refused") { return "the connection was refused" }
        if text.contains("certificate") || text.contains("handshake") || text.contains("NIOSSL") {
            return "the certificate was not accepted (\(text.prefix(160)))"
        }
        return String(text.prefix(200))
    }
}
