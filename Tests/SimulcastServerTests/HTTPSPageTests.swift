import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOSSL
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 32: the pages can only play in a secure context. The server serves HTTPS itself
/// from a certificate it was given (made here by a test authority), Chromium opens the room at
/// a name that is not localhost (mapped to 127.0.0.1 by its host resolver rules) and trusts
/// that authority's certificate: the page is a secure context, has EME, joins over wss:// and
/// follows the host. The same page over plain http at that name says so and offers nothing.
/// And the README's production recipe run as written: Debian's `caddy` with `deploy/Caddyfile`
/// gets its certificate over ACME from Debian's `pebble` (standing in for Let's Encrypt) in
/// front of a real `simulcast serve` process. Browsers, a handful of processes and sync
/// bounds: the isolated pass, one test at a time.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass)) struct HTTPSPageTests {
    static let name = "listen.simulcast.test"

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aPageServedOverTheServersOwnHTTPSPlaysAndFollowsTheHost() async throws {
        let folder = try TemporaryFolder()
        let authority = try TestCertificateAuthority()
        let issued = try authority.issue(names: [Self.name, "localhost"], in: folder.url)
        var configuration = ServerConfiguration()
        configuration.tls = TLSFiles(certificatePath: issued.certificatePath, keyPath: issued.keyPath)
        var web = WebListenerConfiguration(appleMusicSigner: WebRoom.signer)
        web.testSDKs = WebTestSDKs(musicKitScript: try FakeBrowserSDKs.musicKitScript, spotifyPlayerScript: try FakeBrowserSDKs.spotifyPlayerScript)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, web: web, configuration: configuration
        ) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let hub = try #require(await server.hub)
        let room = try await hub.createRoom()
        let base = "https://\(Self.name):\(port)"
        // The host reaches the server over wss:// too, trusting the same authority (by name:
        // swift-websocket sends an IP address as SNI, which TLS forbids).
        let authorityFile = folder.url.appendingPathComponent("authority.pem").path
        try authority.writeCertificate(to: authorityFile)
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.additionalTrustRoots = [.file(authorityFile)]
        let host = HostSession(
            client: RoomConnection(
                serverURL: "https://localhost:\(port)", hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                tls: tls,
                logger: TestSupport.quietLogger))
        let hostTask = Task { try await host.run() }
        defer { hostTask.cancel() }
        #expect(await Poll.until(timeout: .seconds(30)) { await host.isSynchronised }, "the host never joined over wss://")
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))

        let browser = try await HeadlessChromium.launch(extraArguments: [
            "--host-resolver-rules=MAP \(Self.name) 127.0.0.1", "--ignore-certificate-errors-spki-list=\(issued.publicKeyHash)",
        ])
        defer { browser.close() }
        let page = try await browser.openPhone("\(base)/r/\(room.code)", initScript: WebRoom.initScript)
        defer { Task { await page.close() } }
        _ = try await page.waitFor("window.simulcastPage && simulcastPage.status === 'choosing'", as: Bool.self, seconds: 20)
        #expect(try await page.evaluate("window.isSecureContext", as: Bool.self))
        #expect(try await page.evaluate("typeof navigator.requestMediaKeySystemAccess === 'function'", as: Bool.self))
        #expect(try await page.evaluate("document.getElementById('insecure').hidden", as: Bool.self))
        // Share gives the https link this page was reached at.
        #expect(try await page.evaluate("simulcastPage.share.link", as: String.self) == "\(base)/r/\(room.code)")

        try await page.click("[data-service=apple-music]")
        let hostPosition: @Sendable (LocalTime) async -> Double? = { at in
            let playback = await host.playback
            return playback.playing ? playback.positionMs(at: at) : nil
        }
        try await WebRoom.waitInSync(page, hostPosition: hostPosition)
        #expect(try await page.evaluate("__sockets > 0 && __socket.url.startsWith('wss://\(Self.name)')", as: Bool.self))
        // A seek by the host is followed over wss:// too.
        try await host.apply(PlaybackEvent(event: .seek, track: Fixtures.cestLaVie, positionMs: 90_000))
        try await WebRoom.waitInSync(page, hostPosition: hostPosition)
        let heard = try await page.evaluate(WebRoom.appleSample, as: WebRoom.Sample.self)
        #expect(heard.positionMs > 85_000, "the page did not follow the seek (at \(heard.positionMs) ms)")
        try await WebRoom.screenshot(page, "listener-https")
        await server.stop()
    }

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func thePageOverPlainHTTPAtANameSaysToUseHTTPSAndOffersNoService() async throws {
        var web = WebListenerConfiguration(appleMusicSigner: WebRoom.signer)
        web.testSDKs = WebTestSDKs(musicKitScript: try FakeBrowserSDKs.musicKitScript, spotifyPlayerScript: try FakeBrowserSDKs.spotifyPlayerScript)
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, web: web) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await #require(await server.hub).createRoom()
        let browser = try await HeadlessChromium.launch(extraArguments: ["--host-resolver-rules=MAP \(Self.name) 127.0.0.1"])
        defer { browser.close() }
        for path in ["/r/\(room.code)", "/r/\(room.code)/host"] {
            let page = try await browser.openPhone("http://\(Self.name):\(port)\(path)", initScript: WebRoom.initScript)
            _ = try await page.waitFor("document.readyState === 'complete'", as: Bool.self, seconds: 20)
            #expect(try await page.evaluate("window.isSecureContext", as: Bool.self) == false)
            #expect(try await page.evaluate("!document.getElementById('insecure').hidden", as: Bool.self), "\(path): no https notice")
            let notice = try await page.evaluate("document.getElementById('insecure').innerText", as: String.self)
            #expect(notice.contains("This page has to be opened over https:// to play music. Ask the host for the https link."))
            // No service is offered, nothing is loaded or joined.
            let offered = try await page.evaluate(
                "[...document.querySelectorAll('button')].filter(b => b.offsetParent !== null).map(b => b.textContent)", as: [String].self)
            #expect(offered.isEmpty, "\(path) offers \(offered)")
            #expect(try await page.evaluate("window.__sockets", as: Int.self) == 0)
            #expect(try await page.evaluate("typeof window.MusicKit === 'undefined'", as: Bool.self))
            if path.hasSuffix("/host") == false { try await WebRoom.screenshot(page, "listener-insecure") }
            await page.close()
        }
        await server.stop()
    }

    @Test(.enabled(if: SystemTests.caddy && SystemTests.chromium, "needs caddy, pebble and Chromium (scripts/test.sh installs them)"))
    func aRoomBehindTheReadmesCaddyPlaysInAPageAtAnHTTPSName() async throws {
        let executable = try #require(BuiltExecutable.simulcast, "build the CLI first: swift build --product simulcast")
        let folder = try TemporaryFolder(prefix: "simulcast-caddy")
        // pebble serves its ACME API over HTTPS with a certificate from a test authority, which Caddy trusts.
        let authority = try TestCertificateAuthority()
        let acmeCertificate = try authority.issue(names: ["localhost"], in: folder.url, fileName: "pebble")
        try authority.writeCertificate(to: folder.file("authority.pem"))
        let (acmePort, managementPort) = (try await FreePort.next(), try await FreePort.next())
        try """
        {"pebble": {"listenAddress": "127.0.0.1:\(acmePort)", "managementListenAddress": "127.0.0.1:\(managementPort)",
          "certificate": "\(acmeCertificate.certificatePath)", "privateKey": "\(acmeCertificate.keyPath)",
          "httpPort": \(try await FreePort.next()), "tlsPort": \(try await FreePort.next()), "ocspResponderURL": "", "externalAccountBindingRequired": false}}
        """.write(toFile: folder.file("pebble.json"), atomically: true, encoding: .utf8)
        // Challenges are not reached for (no DNS here): pebble takes them as passed.
        let pebble = try ChildProcess(
            try #require(SystemTests.executable("pebble")), ["-config", folder.file("pebble.json")],
            environment: ["PEBBLE_VA_ALWAYS_VALID": "1", "PEBBLE_VA_NOSLEEP": "1", "PEBBLE_WFE_NONCEREJECT": "0"], logPath: folder.file("pebble.log"))
        defer { pebble.stop() }
        let acmeUp = await Poll.until(timeout: .seconds(20), interval: .milliseconds(100)) {
            (try? await TLSProbe.served(port: acmePort, serverName: "localhost")) != nil
        }
        #expect(acmeUp, "pebble did not start: \(pebble.tail)")

        // The server as the README runs it behind Caddy, with an offline Apple Music catalog and
        // the SDK stand-ins served from loopback.
        try #"{"service":"apple-music","id":"298026101","title":"C'est La Vie","artists":["B*Witched"],"album":"B*Witched","durationMs":178040}"#
            .write(toFile: folder.file("apple-music.jsonl"), atomically: true, encoding: .utf8)
        try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
            let (port, httpsPort, httpPort, adminPort) = (
                try await FreePort.next(), try await FreePort.next(), try await FreePort.next(), try await FreePort.next()
            )
            let origin = "https://\(Self.name):\(httpsPort)"
            let serve = try ChildProcess(
                executable.path,
                [
                    "serve", "--hostname", "127.0.0.1", "--port", "\(port)", "--trusted-proxy", "127.0.0.1", "--public-origin", origin,
                    "--database", folder.file("rooms.sqlite"), "--offline", "--catalog", "apple-music=\(folder.file("apple-music.jsonl"))",
                    "--musickit-script-url", "\(sdks)/fake-musickit.js",
                    "--spotify-sdk-script-url", "\(sdks)/fake-spotify-player.js",
                ],
                environment: [
                    "APPLE_MUSIC_KEY_ID": "WEBKEY1234", "APPLE_MUSIC_TEAM_ID": "TEAM123456",
                    "APPLE_MUSIC_PRIVATE_KEY": P256.Signing.PrivateKey().pemRepresentation,
                ], logPath: folder.file("serve.log"))
            defer { serve.stop() }
            let caddy = try ChildProcess(
                try #require(SystemTests.executable("caddy")), ["run", "--config", CaddyFrontTests.caddyfile.path, "--adapter", "caddyfile"],
                environment: [
                    "SIMULCAST_DOMAIN": Self.name, "SIMULCAST_PORT": "\(port)", "SIMULCAST_HTTPS_PORT": "\(httpsPort)", "SIMULCAST_HTTP_PORT": "\(httpPort)",
                    "SIMULCAST_ACME_CA": "https://localhost:\(acmePort)/dir", "SIMULCAST_CADDY_ADMIN": "127.0.0.1:\(adminPort)",
                    "SSL_CERT_FILE": folder.file("authority.pem"), "XDG_DATA_HOME": folder.file("caddy-data"), "XDG_CONFIG_HOME": folder.file("caddy-config"),
                    "HOME": folder.path,
                ], logPath: folder.file("caddy.log"))
            defer { caddy.stop() }

            // Caddy has its certificate from the ACME server once it serves one for the name.
            let served = await Poll.value(timeout: .seconds(60), interval: .milliseconds(200)) {
                try? await TLSProbe.served(port: httpsPort, serverName: Self.name)
            }
            let certificate = try #require(served, "Caddy never served a certificate for \(Self.name): \(caddy.tail)\n\(pebble.tail)\n\(serve.tail)")
            #expect(
                await Poll.until(timeout: Patience.processStart) { await ServeProcess.answers("http://127.0.0.1:\(port)") },
                "serve did not start: \(serve.tail)")

            // The host publishes straight to the server; the listener comes through Caddy.
            let upstream = "http://127.0.0.1:\(port)"
            let room = try await RoomsAPI(baseURL: upstream, transport: .live).createRoom()
            let host = HostSession(
                client: RoomConnection(
                    serverURL: upstream, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                    logger: TestSupport.quietLogger))
            let hostTask = Task { try await host.run() }
            defer { hostTask.cancel() }
            #expect(await Poll.until(timeout: .seconds(30)) { await host.isSynchronised })
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))

            let browser = try await HeadlessChromium.launch(extraArguments: [
                "--host-resolver-rules=MAP \(Self.name) 127.0.0.1", "--ignore-certificate-errors-spki-list=\(certificate.publicKeyHash)",
            ])
            defer { browser.close() }
            // Typed as people type it, http:// is sent on to https:// (on port 443, where Caddy
            // runs for real; this test's port cannot be in the redirect, so the page opens at https).
            let client = HTTPClient(configuration: .init(redirectConfiguration: .disallow))
            var typed = HTTPClientRequest(url: "http://127.0.0.1:\(httpPort)/r/\(room.code)")
            typed.headers.add(name: "Host", value: Self.name)
            let moved = try await client.execute(typed, timeout: .seconds(10))
            try await client.shutdown()
            #expect(moved.status == .permanentRedirect && moved.headers.first(name: "location") == "https://\(Self.name)/r/\(room.code)")
            let page = try await browser.openPhone("\(origin)/r/\(room.code)", initScript: WebRoom.initScript)
            defer { Task { await page.close() } }
            do {
                _ = try await page.waitFor("window.simulcastPage && simulcastPage.status === 'choosing'", as: Bool.self, seconds: 20)
            } catch {
                let state = try? await page.evaluate("location.href + ' ' + document.body.innerText.slice(0, 300)", as: String.self)
                throw DevToolsPage.ProtocolError(description: "the page did not load through Caddy (\(state ?? "?")): \(caddy.tail)")
            }
            #expect(try await page.evaluate("location.origin", as: String.self) == origin)
            #expect(try await page.evaluate("window.isSecureContext", as: Bool.self))
            #expect(try await page.evaluate("typeof navigator.requestMediaKeySystemAccess === 'function'", as: Bool.self))
            #expect(try await page.evaluate("simulcastPage.share.link", as: String.self) == "\(origin)/r/\(room.code)")
            try await page.click("[data-service=apple-music]")
            let hostPosition: @Sendable (LocalTime) async -> Double? = { at in
                let playback = await host.playback
                return playback.playing ? playback.positionMs(at: at) : nil
            }
            try await WebRoom.waitInSync(page, seconds: 30, hostPosition: hostPosition)
            #expect(try await page.evaluate("__socket.url.startsWith('wss://\(Self.name):\(httpsPort)/')", as: Bool.self))
            try await host.apply(PlaybackEvent(event: .seek, track: Fixtures.cestLaVie, positionMs: 120_000))
            try await WebRoom.waitInSync(page, hostPosition: hostPosition)
            #expect(try await page.evaluate(WebRoom.appleSample, as: WebRoom.Sample.self).positionMs > 115_000)

            // Through Caddy, the server sees https (the trusted proxy's word).
            let verbose = try await page.evaluate(
                "fetch('/healthz?verbose=true').then(r => r.json()).then(b => b.checks.find(c => c.name === 'request-https').ok)", as: Bool.self)
            #expect(verbose)

            // The same page over plain http at that name (the server itself, no Caddy) cannot play and says so.
            let insecure = try await browser.openPhone("http://\(Self.name):\(port)/r/\(room.code)", initScript: WebRoom.initScript)
            defer { Task { await insecure.close() } }
            _ = try await insecure.waitFor("document.readyState === 'complete'", as: Bool.self, seconds: 20)
            #expect(try await insecure.evaluate("!document.getElementById('insecure').hidden && window.__sockets === 0", as: Bool.self))
            #expect(
                try await insecure.evaluate(
                    "[...document.querySelectorAll('button')].filter(b => b.offsetParent !== null).length", as: Int.self) == 0)
        }
    }
}
