import Catalogs
import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOFoundationEssentialsCompat
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// The web listener in a real headless Chromium, against the real server on loopback. In
/// test mode the server serves stand-ins for MusicKit JS and the Spotify SDK that record
/// every call, so the test sees exactly what the page asked the player to do and when.
@Suite(.serialized) struct WebListenerPageTests {
    static let signer = try! AppleMusicDeveloperToken(keyId: "WEBKEY1234", teamId: "TEAM123456", pem: P256.Signing.PrivateKey().pemRepresentation)

    struct Call: Decodable {
        var method: String
        var at: Double
        var seconds: Double?
    }

    struct Sample: Decodable {
        var positionMs: Double
        var at: Double
        var trackId: String?
    }

    /// The first recorded call (after the first `after`) that `predicate` accepts, as a `Call`.
    static func call(_ predicate: String, after: Int = 0) -> String {
        "(() => { const c = window.__fakeSDK && __fakeSDK.calls.slice(\(after)).find(c => \(predicate)); return c && {method: c.method, at: c.at, seconds: typeof c.args[0] === 'number' ? c.args[0] : null}; })()"
    }
    static let appleSample =
        "(() => { const m = MusicKit.getInstance(); return {positionMs: m.currentPlaybackTime * 1000, at: performance.timeOrigin + performance.now(), trackId: m.nowPlayingItem && m.nowPlayingItem.id}; })()"

    /// The fake player's position minus the host's, at one instant.
    static func error(_ page: DevToolsPage, host: HostSession, sample: String = appleSample) async throws -> Double {
        let reading = try await page.evaluate(sample, as: Sample.self)
        let playback = await host.playback
        return reading.positionMs - playback.positionMs(at: LocalTime(micros: Int64(reading.at * 1000)))
    }

    func withRoom(_ body: @Sendable (_ base: String, _ code: String, _ host: HostSession, _ browser: HeadlessChromium) async throws -> Void) async throws {
        let sdks = WebTestSDKs(musicKitScript: try FakeBrowserSDKs.musicKitScript, spotifyPlayerScript: try FakeBrowserSDKs.spotifyPlayerScript)
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, web: .init(appleMusicSigner: Self.signer, testSDKs: sdks))
        { InMemoryRoomStore() }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base).createRoom()
        let host = HostSession(
            client: RoomClient(serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), logger: TestSupport.quietLogger))
        let hostTask = Task { try await host.run() }
        let browser = try await HeadlessChromium.launch()
        defer {
            browser.close()
            hostTask.cancel()
        }
        try await Task.sleep(for: .milliseconds(800))  // the host's clock sync
        try await body(base, room.code, host, browser)
        await server.stop()
    }

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func appleMusicListenerFollowsPlayPauseSeekSkipAndSaysWhenThereIsNoMatch() async throws {
        try await withRoom { base, code, host, browser in
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))
            let page = try await browser.open("\(base)/r/\(code)?service=apple-music")
            defer { Task { await page.close() } }

            // The page got a developer token from the server, loaded the matched song and
            // sought to where the host is.
            _ = try await page.waitFor(Self.call("c.method === 'configure'"), as: Call.self)
            #expect(try await page.evaluate("__fakeSDK.calls.find(c => c.method === 'configure').args[0].developerToken.split('.').length", as: Int.self) == 3)
            #expect(
                try await page.waitFor(
                    "__fakeSDK.calls.find(c => c.method === 'setQueue') && __fakeSDK.calls.find(c => c.method === 'setQueue').args[0].song", as: String.self)
                    == "298026101")
            let firstSeek = try await page.waitFor(Self.call("c.method === 'seekToTime'"), as: Call.self)
            let hostAtLanding = await host.playback.positionMs(at: LocalTime(micros: Int64((firstSeek.at + 60) * 1000)))
            let sought = try #require(firstSeek.seconds) * 1000
            #expect(abs(sought - hostAtLanding) < 100, "sought to \(sought) ms, host at \(hostAtLanding) ms")
            try await Task.sleep(for: .milliseconds(600))
            let settled = try await Self.error(page, host: host)
            #expect(abs(settled) < 100, "sync error \(settled) ms")
            let meter = try await page.waitFor("simulcastPage.syncErrorMs !== null && document.getElementById('offset').textContent", as: String.self)
            #expect(meter.contains("ms") || meter == "in sync")
            #expect(try await page.evaluate("document.getElementById('title').textContent", as: String.self) == "C'est La Vie")
            #expect(try await page.evaluate("document.querySelector('#why summary').textContent", as: String.self).hasPrefix("Matched on Apple Music"))
            if let path = ProcessInfo.processInfo.environment["SIMULCAST_SCREENSHOT"] {
                try await Task.sleep(for: .milliseconds(500))
                try await page.screenshot().write(to: URL(fileURLWithPath: path))
            }

            // Pause, then resume and seek.
            var seen = try await page.evaluate("__fakeSDK.calls.length", as: Int.self)
            try await host.apply(PlaybackEvent(event: .pause))
            _ = try await page.waitFor(Self.call("c.method === 'pause'", after: seen), as: Call.self)
            try await Task.sleep(for: .milliseconds(300))
            #expect(try await page.evaluate("MusicKit.getInstance().playbackState", as: Int.self) == 3)  // paused
            seen = try await page.evaluate("__fakeSDK.calls.length", as: Int.self)
            try await host.apply(PlaybackEvent(event: .resume))
            try await host.apply(PlaybackEvent(event: .seek, positionMs: 120_000))
            _ = try await page.waitFor(Self.call("c.method === 'seekToTime' && c.args[0] > 110", after: seen), as: Call.self)
            try await Task.sleep(for: .milliseconds(600))
            let afterSeek = try await Self.error(page, host: host)
            #expect(abs(afterSeek) < 100, "sync error after the seek \(afterSeek) ms")

            // A song Apple Music does not have: a clear message, and the player holds.
            seen = try await page.evaluate("__fakeSDK.calls.length", as: Int.self)
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.solayoh, positionMs: 0))
            let message = try await page.waitFor("simulcastPage.noMatch", as: String.self)
            #expect(message == "No match on Apple Music: this song is skipped")
            _ = try await page.waitFor(Self.call("c.method === 'pause'", after: seen), as: Call.self)

            // Skip to a song it has: it loads and follows again.
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 5_000))
            #expect(
                try await page.waitFor("MusicKit.getInstance().nowPlayingItem.id === 'am-slsp' && MusicKit.getInstance().playbackState === 2", as: Bool.self))
            try await Task.sleep(for: .milliseconds(800))
            let afterSkip = try await Self.error(page, host: host)
            #expect(abs(afterSkip) < 100, "sync error after the skip \(afterSkip) ms")
        }
    }

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func spotifyListenerPlaysOnItsOwnDevice() async throws {
        try await withRoom { base, code, host, browser in
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 60_000))
            let page = try await browser.open("\(base)/r/\(code)?service=spotify#spotify_token=listener-token")
            defer { Task { await page.close() } }
            struct Play: Decodable {
                var deviceId: String
                var uris: [String]
                var positionMs: Double
                var at: Double

                enum CodingKeys: String, CodingKey {
                    case uris, at
                    case deviceId = "device_id"
                    case positionMs = "position_ms"
                }
            }
            let play = try await page.waitFor(
                "(() => { const c = __fakeSDK.calls.find(c => c.method === 'webapi.play'); return c && {...c.args[0], at: c.at}; })()", as: Play.self)
            #expect(play.deviceId == "fake-device")
            #expect(play.uris == ["spotify:track:sp-cest"])
            let hostAtLanding = await host.playback.positionMs(at: LocalTime(micros: Int64((play.at + 60) * 1000)))
            #expect(abs(play.positionMs - hostAtLanding) < 100, "started at \(play.positionMs) ms, host at \(hostAtLanding) ms")
            try await Task.sleep(for: .milliseconds(800))
            let sample =
                "(async () => { const p = new Spotify.Player({name: 'probe', getOAuthToken: cb => cb('x')}); const s = await p.getCurrentState(); return {positionMs: s.position, at: performance.timeOrigin + performance.now(), trackId: s.track_window.current_track.id}; })()"
            let error = try await Self.error(page, host: host, sample: sample)
            #expect(abs(error) < 100, "sync error \(error) ms")
        }
    }

    /// The page runs the port of the core's policy (its decisions are held equal to the Swift
    /// policy's by FollowDecisionTableTests under node) with the apps' clock sync.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func thePageRunsThePortedPolicy() async throws {
        try await withRoom { base, code, _, browser in
            let page = try await browser.open("\(base)/r/\(code)")
            _ = try await page.waitFor("typeof SimulcastFollow === 'object'", as: Bool.self)
            #expect(try await page.evaluate("typeof SimulcastFollow.FollowPolicy === 'function' && !('Follower' in SimulcastFollow)", as: Bool.self))
            #expect(try await page.evaluate("new SimulcastFollow.ClockSync().window", as: Int.self) == 32)
            // Clock sync keeps the lowest-delay sample.
            let offset = try await page.evaluate(
                "(() => { const c = new SimulcastFollow.ClockSync(); c.add(0, 1000080, 1000080, 100); c.add(200, 1000210, 1000210, 220); return c.offset; })()",
                as: Double.self)
            #expect(offset == 1_000_000)
        }
    }
}

/// The page's server side, without a browser: the page, its files, and developer tokens.
@Suite struct WebListenerEndpointTests {
    static let key = P256.Signing.PrivateKey()
    static let signer = try! AppleMusicDeveloperToken(keyId: "WEBKEY1234", teamId: "TEAM123456", pem: key.pemRepresentation)

    func withApp(web: WebListenerConfiguration, _ body: @Sendable (any TestClientProtocol, String) async throws -> Void) async throws {
        let (application, hub) = SimulcastApplication.build(
            configuration: .init(port: 0, web: web),
            dependencies: .init(store: InMemoryRoomStore(), matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger))
        let code = try await hub.createRoom().code
        try await application.test(.router) { client in try await body(client, code) }
    }

    @Test func developerTokensAreShortLivedAndBoundToThePagesOrigin() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer, publicOrigins: ["https://listen.example.com"])) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://listen.example.com"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.cacheControl] == "no-store")
                struct Body: Decodable { var token: String; var origin: String; var expiresAt: Int64 }
                let body = try JSONDecoder().decode(Body.self, from: Data(buffer: response.body))
                #expect(body.origin == "https://listen.example.com")
                let now = Int64(Date().timeIntervalSince1970)
                #expect(DeveloperTokenCheck.isValid(body.token, publicKey: Self.key.publicKey, keyId: "WEBKEY1234", teamId: "TEAM123456", now: now))
                let claims = try #require(DeveloperTokenCheck.decode(body.token)).claims
                #expect(claims["origin"] as? [String] == ["https://listen.example.com"])
                let lifetime = ((claims["exp"] as? NSNumber)?.int64Value ?? 0) - ((claims["iat"] as? NSNumber)?.int64Value ?? 0)
                #expect(lifetime == 1800)
            }
            // Another site's page gets nothing.
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://evil.example"]) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("origin_not_allowed"))
                #expect(!String(buffer: response.body).contains("eyJ"))
            }
        }
        try await withApp(web: .init()) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(String(buffer: response.body).contains("apple_music_not_configured"))
            }
        }
    }

    /// Wave 1 bound the token to whatever `Host` (and `X-Forwarded-Proto`) the caller sent,
    /// and minted as many as asked.
    @Test func theTokenOriginNeverComesFromTheCallerAndMintingIsRateLimited() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer, publicOrigins: ["https://listen.example.com"])) { client, _ in
            let forged: HTTPFields = [HTTPField.Name("Host")!: "evil.example", HTTPField.Name("X-Forwarded-Proto")!: "https"]
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: forged) { response in
                #expect(response.status == .ok)
                struct Body: Decodable { var origin: String }
                #expect((try? JSONDecoder().decode(Body.self, from: Data(buffer: response.body)))?.origin == "https://listen.example.com")
            }
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<12 {
                try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [.origin: "https://listen.example.com"]) {
                    statuses.append($0.status)
                }
            }
            #expect(statuses.contains(.tooManyRequests))
        }
        // No configured origin and no known listening address: refused, not bound to Host.
        try await withApp(web: .init(appleMusicSigner: Self.signer)) { client, _ in
            try await client.execute(uri: "/v1/apple-music/developer-token", method: .get, headers: [HTTPField.Name("Host")!: "evil.example"]) { response in
                #expect(response.status == .forbidden)
            }
        }
    }

    @Test func servesThePageForARoomAndSaysSoForAnUnknownOne() async throws {
        try await withApp(web: .init(appleMusicSigner: Self.signer)) { client, code in
            try await client.execute(uri: "/r/\(code.lowercased())", method: .get) { response in
                #expect(response.status == .ok)
                let html = String(buffer: response.body)
                #expect(html.contains("\"room\":\"\(code)\""))
                #expect(html.contains("https://js-cdn.music.apple.com/musickit/v3/musickit.js"))
                #expect(html.contains("\"services\":[\"apple-music\",\"spotify\"]"))
            }
            try await client.execute(uri: "/r/ZZZZ<script>", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(!String(buffer: response.body).contains("<script>"))
            }
            try await client.execute(uri: "/web/follow.js", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true)
            }
            // The recording stand-ins exist only in test mode (and are not in the server bundle); other names never resolve.
            for path in ["/web/fake-musickit.js", "/web/..%2FPackage.swift", "/web/nothing.js"] {
                try await client.execute(uri: path, method: .get) { response in #expect(response.status == .notFound, "\(path)") }
            }
        }
    }
}
