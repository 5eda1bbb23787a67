import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 32: `serve` serves HTTPS from PEM files and picks up a renewed certificate without a
/// restart: by looking at the files (a renewal that tells nobody) and on SIGHUP (the systemd
/// unit's reload). A renewal it cannot use leaves the last good certificate serving.
@Suite struct ServerTLSTests {
    static let name = "listen.simulcast.test"

    @Test func aRenewedCertificateIsServedWithoutARestartAndABrokenOneIsNot() async throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let first = try authority.issue(names: [Self.name], in: folder.url)
        var configuration = ServerConfiguration()
        configuration.tls = TLSFiles(certificatePath: first.certificatePath, keyPath: first.keyPath, reloadInterval: .milliseconds(200))
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        #expect(try await TLSProbe.servedSerial(port: port, serverName: Self.name) == first.serialHex)

        // Renewed in place, as certbot or Caddy's storage would: the same paths, new contents.
        let renewed = try authority.issue(names: [Self.name], in: folder.url)
        #expect(renewed.serialHex != first.serialHex)
        let picked = await Poll.until(timeout: .seconds(10)) { (try? await TLSProbe.servedSerial(port: port, serverName: Self.name)) == renewed.serialHex }
        #expect(picked, "the renewed certificate was not served")

        // Half written: the last good certificate goes on serving.
        try "-----BEGIN CERTIFICATE-----\nnot really\n".write(toFile: renewed.certificatePath, atomically: true, encoding: .utf8)
        try await Task.sleep(for: .milliseconds(600))  // three looks at the files, none of which may take the broken one
        #expect(try await TLSProbe.servedSerial(port: port, serverName: Self.name) == renewed.serialHex)
        await server.stop()
    }

    @Test func aServerThatCannotServeItsCertificateDoesNotStartAndSaysWhy() async throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let issued = try authority.issue(names: [Self.name], in: folder.url)
        let other = try authority.issue(names: [Self.name], in: folder.url, fileName: "other")
        for (certificate, key, expected) in [
            (folder.file("missing.crt"), issued.keyPath, "cannot be read"),
            (issued.keyPath, issued.keyPath, "not a PEM certificate chain"),
            (issued.certificatePath, issued.certificatePath, "not a PEM private key"),
            (issued.certificatePath, other.keyPath, "does not belong to the certificate"),
        ] {
            var configuration = ServerConfiguration()
            configuration.tls = TLSFiles(certificatePath: certificate, keyPath: key)
            let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration) {
                InMemoryRoomStore(clock: SystemClock())
            }
            do {
                _ = try await server.start()
                Issue.record("started with \(certificate) and \(key)")
                await server.stop()
            } catch {
                #expect("\(error)".contains(expected), "\(error)")
                #expect(!"\(error)".contains("PRIVATE KEY-----"), "the key's text must never be in an error")
            }
        }
    }

    /// The real executable: its config file, SIGHUP, and the plain-HTTP door that only redirects.
    @Test func serveReloadsOnSIGHUPAndItsHTTPPortOnlyRedirects() async throws {
        let executable = try #require(BuiltExecutable.simulcast, "build the CLI first: swift build --product simulcast")
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let first = try authority.issue(names: [Self.name], in: folder.url)
        let port = try await ServeProcess.freePort()
        let redirect = try await ServeProcess.freePort()
        let config = folder.file("simulcast.toml")
        try """
        # As `simulcast setup` writes it, plus a test's ports.
        port = \(port)
        http-redirect-port = \(redirect)
        tls-certificate = "\(first.certificatePath)"
        tls-key = "\(first.keyPath)"
        tls-reload-interval = 3600  # so only SIGHUP explains a change
        public-origin = ["https://\(Self.name):\(port)"]
        database = "\(folder.file("rooms.sqlite"))"
        offline = true
        log-level = "error"
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--config", config]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() }; _ = ServeProcess.waitForExit(process) }
        let started = await Poll.until(timeout: Patience.processStart) {
            (try? await TLSProbe.servedSerial(port: port, serverName: Self.name)) == first.serialHex
        }
        #expect(started, "serve did not serve its certificate")

        let renewed = try authority.issue(names: [Self.name], in: folder.url)
        kill(process.processIdentifier, SIGHUP)
        let picked = await Poll.until(timeout: .seconds(10)) { (try? await TLSProbe.servedSerial(port: port, serverName: Self.name)) == renewed.serialHex }
        #expect(picked, "SIGHUP did not load the renewed certificate")
        #expect(process.isRunning, "SIGHUP must not stop the server")

        // Plain HTTP answers /healthz and sends everything else to the https origin, path and query kept.
        let health = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(redirect)/healthz"), timeout: .seconds(10))
        #expect(health.status == .ok)
        let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
        let moved = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(redirect)/r/K7PQ2MXR9T?x=1"), timeout: .seconds(10))
        try await client.shutdown()
        #expect(moved.status == .permanentRedirect)
        #expect(moved.headers.first(name: "location") == "https://\(Self.name):\(port)/r/K7PQ2MXR9T?x=1")
    }
}
