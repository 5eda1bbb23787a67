import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 52 (4, 8): the server's own doors. Before, the plain-HTTP redirect port had no
/// connection guard (idle connections still open at 75 s starved HTTPS at a descriptor limit
/// of 512 and spun a core), built its redirect from the request's `Host`, and the built-in TLS
/// accepted TLS 1.0, 1.1 and CBC-SHA1 suites.
@Suite struct DoorHardeningTests {
    static let name = "listen.simulcast.test"

    /// A server with its own certificate and a redirect port, and `change` made to its limits.
    static func withTLSServer(
        publicOrigin: Bool = true, _ change: (inout ServerLimits) -> Void = { _ in }, _ body: (_ https: Int, _ redirect: Int) async throws -> Void
    ) async throws {
        let folder = try TemporaryFolder()
        let certificate = try TestCertificateAuthority().issue(names: [Self.name], in: folder.url)
        var configuration = ServerConfiguration()
        change(&configuration.limits)
        configuration.tls = TLSFiles(certificatePath: certificate.certificatePath, keyPath: certificate.keyPath, reloadInterval: .seconds(3600))
        configuration.httpRedirectPort = try await ServeProcess.freePort()
        if publicOrigin { configuration.web.publicOrigins = ["https://\(Self.name)"] }
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, web: configuration.web, configuration: configuration
        ) { InMemoryRoomStore(clock: SystemClock()) }
        let port = try await server.start()
        do { try await body(port, configuration.httpRedirectPort!) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func redirectConnectionsCountAgainstTheMainDoorsGuard() async throws {
        try await Self.withTLSServer({
            $0.connectionsPerAddress = 4
            $0.headerTimeout = .seconds(60)
            $0.idleTimeout = .seconds(60)
        }) { https, redirect in
            // Four kept-alive connections to the redirect port hold this address's allowance.
            // Each has had its answer, so each has been accepted and counted (a connection the
            // kernel completed may not be yet, and a fifth let in meanwhile would take a place).
            let held = try await RawTCP.run {
                try (0..<4).map { _ in
                    let socket = try RawTCP(port: redirect, source: "127.0.0.3")
                    socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    return (socket, socket.read(until: "\"ok\"}", seconds: 10))
                }
            }
            #expect(held.allSatisfy { $0.1.contains("200") }, "\(held.map(\.1))")
            // HTTPS turns the fifth away at once, before its TLS handshake, as it would a fifth
            // to itself; one from another address is let in and waits for its headers.
            let fifth = try await RawTCP.run { try RawTCP(port: https, source: "127.0.0.3").readUntilClosed(seconds: 10) }
            #expect(fifth.closed, "the fifth connection of the address was let in")
            let admitted = try await RawTCP.run { try RawTCP(port: https, source: "127.0.0.5").readUntilClosed(seconds: 1.5) }
            #expect(!admitted.closed, "another address is let in")
            withExtendedLifetime(held) {}
        }
    }

    @Test func idleRedirectConnectionsClose() async throws {
        try await Self.withTLSServer({
            $0.headerTimeout = .seconds(2)
            $0.idleTimeout = .seconds(2)
        }) { _, redirect in
            // Nothing sent: closed by the header deadline (2 s here, 10 s by default).
            let silent = try await RawTCP.run { try RawTCP(port: redirect, source: "127.0.0.3").readUntilClosed(seconds: 10) }
            #expect(silent.closed, "an idle redirect connection stays open")
            // A kept-alive connection after one request: closed at the idle timeout.
            let kept = try await RawTCP.run { () -> (answer: String, closed: Bool) in
                let socket = try RawTCP(port: redirect, source: "127.0.0.4")
                socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                let answer = socket.read(until: "\"ok\"}", seconds: 5)
                return (answer, socket.readUntilClosed(seconds: 10).closed)
            }
            #expect(kept.answer.contains("200"), "\(kept.answer)")
            #expect(kept.closed, "a kept-alive redirect connection outlives the idle timeout")
        }
    }

    @Test func theRedirectNeverTakesItsHostFromTheRequest() async throws {
        try await Self.withTLSServer(publicOrigin: false) { _, redirect in
            let answer = try await RawTCP.run { () -> String in
                let socket = try RawTCP(port: redirect)
                socket.send("GET /r/K7PQ2MXR9T HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
                return String(decoding: socket.readUntilClosed(seconds: 5).bytes, as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
            #expect(!answer.lowercased().contains("location:"), "\(answer)")
            #expect(!answer.contains("evil.example"))
        }
        try await Self.withTLSServer { _, redirect in
            let answer = try await RawTCP.run { () -> String in
                let socket = try RawTCP(port: redirect)
                socket.send("GET /r/K7PQ2MXR9T?x=1 HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
                return String(decoding: socket.readUntilClosed(seconds: 5).bytes, as: UTF8.self)
            }
            #expect(answer.hasPrefix("HTTP/1.1 308"), "\(answer)")
            #expect(answer.contains("\r\nLocation: https://\(Self.name)/r/K7PQ2MXR9T?x=1\r\n"), "\(answer)")
        }
    }

    @Test func onlyTLS12AndLaterWithAEADSuitesAreSpoken() async throws {
        try await Self.withTLSServer { https, _ in
            struct Client: Sendable {
                let label: String
                let minimum: TLSVersion
                let maximum: TLSVersion
                let suites: [NIOTLSCipher]?
                let accepted: Bool
            }
            let clients = [
                Client(label: "TLS 1.0", minimum: .tlsv1, maximum: .tlsv1, suites: nil, accepted: false),
                Client(label: "TLS 1.1", minimum: .tlsv11, maximum: .tlsv11, suites: nil, accepted: false),
                Client(
                    label: "TLS 1.2 with CBC-SHA1 only", minimum: .tlsv12, maximum: .tlsv12,
                    suites: [.TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA, .TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA, .TLS_RSA_WITH_AES_128_CBC_SHA], accepted: false),
                Client(label: "TLS 1.2 with AEAD", minimum: .tlsv12, maximum: .tlsv12, suites: nil, accepted: true),
                Client(label: "TLS 1.3", minimum: .tlsv13, maximum: .tlsv13, suites: nil, accepted: true),
            ]
            for client in clients {
                let shook = await TLSProbe.handshakes(port: https, serverName: Self.name) { configuration in
                    configuration.minimumTLSVersion = client.minimum
                    configuration.maximumTLSVersion = client.maximum
                    if let suites = client.suites { configuration.cipherSuiteValues = suites }
                }
                #expect(shook == client.accepted, "\(client.label)")
            }
        }
    }
}
