import Foundation
import NIOSSL
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
@Suite(.serialized) struct HTTPSPageTests {
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
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, web: web, configuration: configuration) {
            InMemoryRoomStore()
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
            client: RoomClient(
                serverURL: "https://localhost:\(port)", hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), tls: tls,
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
        #expect(try await page.evaluate("simulcastShare.link", as: String.self) == "\(base)/r/\(room.code)")

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
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, web: web) { InMemoryRoomStore() }
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
}
