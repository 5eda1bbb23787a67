import AsyncHTTPClient
import Catalogs
import Crypto
import Foundation
import Logging
import RoomStorage
import ServerHosting
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import TrackMatching

@testable import Rooms

/// A room for the web page's browser tests: the real server on loopback (in test mode, with
/// the SDK stand-ins), a real `HostSession` publishing, and a headless Chromium.
struct WebRoom: Sendable {
    let base: String
    let code: String
    let host: HostSession
    /// The room's host token, for a test that acts for the host over REST.
    let hostToken: String
    /// nil in a room opened for WebKit (`runInWebKit`).
    let chromium: HeadlessChromium?
    let server: LocalServer

    var browser: HeadlessChromium {
        guard let chromium else { preconditionFailure("this room was opened for WebKit, without Chromium") }
        return chromium
    }

    static let signer = try! AppleMusicDeveloperToken(keyId: "WEBKEY1234", teamId: "TEAM123456", pem: P256.Signing.PrivateKey().pemRepresentation)

    /// Records the Media Session handlers the page sets, so a test can press the lock screen's
    /// buttons; lets a test move `performance.now()` as a sleeping laptop does; counts the
    /// page's WebSockets and keeps the newest (to speak for the page on the wire).
    static let initScript = """
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.effectiveDirective + ' ' + e.blockedURI));
        window.__mediaSessionHandlers = {};
        if (navigator.mediaSession) {
          const set = navigator.mediaSession.setActionHandler.bind(navigator.mediaSession);
          navigator.mediaSession.setActionHandler = (action, handler) => { window.__mediaSessionHandlers[action] = handler; try { set(action, handler); } catch (e) {} };
        }
        window.__clockShiftMs = 0;
        const monotonic = performance.now.bind(performance);
        performance.now = () => monotonic() + window.__clockShiftMs;
        window.__sockets = 0;
        window.__socketURLs = [];
        const RealWebSocket = window.WebSocket;
        window.WebSocket = class extends RealWebSocket { constructor(...a) { super(...a); window.__sockets += 1; window.__socket = this; window.__socketURLs.push(String(a[0])); } };
        """

    /// A room whose host (a `HostSession`) is synchronised, and a browser.
    static func run(
        web: WebListenerConfiguration = .init(), configuration: ServerConfiguration = .init(), matchmaker: TrackMatchmaker = TestSupport.matchmaker,
        makeStore: @escaping LocalServer.StoreFactory = { InMemoryRoomStore(clock: SystemClock()) },
        makeHosting: (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)? = nil,
        logger: Logger = TestSupport.quietLogger, browserArguments: [String] = [], hostName: String? = nil,
        chromium launchesChromium: Bool = true, _ body: @Sendable (WebRoom) async throws -> Void
    ) async throws {
        var web = web
        if web.appleMusicSigner == nil { web.appleMusicSigner = signer }
        web.testSDKs = WebTestSDKs(musicKitScript: try FakeBrowserSDKs.musicKitScript, spotifyPlayerScript: try FakeBrowserSDKs.spotifyPlayerScript)
        let server = LocalServer(
            matchmaker: matchmaker, clock: SystemClock(), logger: logger, web: web, configuration: configuration, makeHosting: makeHosting, makeStore: makeStore
        )
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken, name: hostName), clock: SystemClock(),
                logger: TestSupport.quietLogger)
        )
        let hostTask = Task { try await host.run() }
        let browser = launchesChromium ? try await HeadlessChromium.launch(extraArguments: browserArguments) : nil
        defer {
            browser?.close()
            hostTask.cancel()
        }
        guard await Poll.until(timeout: .seconds(30), { await host.isSynchronised }) else {
            throw DevToolsPage.ProtocolError(description: "the host never synchronised its clock")
        }
        try await body(WebRoom(base: base, code: room.code, host: host, hostToken: room.hostToken, chromium: browser, server: server))
        await server.stop()
    }

    /// A room whose server logs listeners in to Spotify (client id `web-client`) through the
    /// loopback accounts service and Web API, whose access tokens live `tokenLifetime` seconds;
    /// the host plays C'est La Vie from 60 s.
    /// `connect`: a Spotify Connect device behind the Web API's Player endpoints.
    static func runWithSpotify(
        tokenLifetime: Int = 3600, player: FakeSpotify.Player = FakeSpotify.Player(), connect: (any SpotifyConnectRemote)? = nil,
        _ body: @Sendable (WebRoom, FakeSpotifyAccounts) async throws -> Void
    ) async throws {
        let accounts = FakeSpotifyAccounts(clientId: "web-client", clientSecret: "unused", accessTokenLifetime: tokenLifetime)
        let tracks = [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect]
        try await FakeServiceServer.run(FakeSpotify.router(state: FakeServiceState(tracks: tracks), accounts: accounts, player: player, connect: connect)) {
            spotify in
            try await run(web: .init(spotifyClientId: "web-client", spotifyAccountsURL: spotify, spotifyAPIURL: spotify)) { room in
                try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 60_000))
                try await body(room, accounts)
            }
        }
    }

    /// `runWithSpotify` on a server that also follows for listeners (`SpotifyRoomHosting`),
    /// with a SQLite file and a secrets key that survive `server.stop()` and `start(port:)`,
    /// and every log line kept.
    static func runWithServerFollows(
        connect: any SpotifyConnectRemote, _ body: @Sendable (WebRoom, FakeSpotifyAccounts, CapturedLogs) async throws -> Void
    ) async throws {
        let accounts = FakeSpotifyAccounts(clientId: "web-client", clientSecret: "unused")
        let tracks = [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect]
        try await FakeServiceServer.run(FakeSpotify.router(state: FakeServiceState(tracks: tracks), accounts: accounts, connect: connect)) { spotify in
            let folder = try TemporaryFolder(prefix: "simulcast-follows")
            let database = folder.file("rooms.sqlite")
            let key = try SecretsKey.loadOrCreate(path: folder.file("secrets.key")).key
            let logs = CapturedLogs()
            let following = {
                var configuration = SpotifyRoomHosting.Configuration(clientId: "web-client", accountsURL: spotify, apiURL: spotify)
                configuration.reconcileInterval = .milliseconds(250)
                return configuration
            }()
            try await run(
                web: .init(spotifyClientId: "web-client", spotifyAccountsURL: spotify, spotifyAPIURL: spotify),
                makeStore: { try await SQLiteRoomStore.open(path: database, clock: SystemClock(), logger: logs.logger) },
                makeHosting: { store, hub in
                    SpotifyRoomHosting(
                        store: store, hub: hub, key: key, configuration: following, transport: NIOHTTPTransport.live, logger: logs.logger)
                },
                logger: logs.logger
            ) { room in
                try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 60_000))
                try await body(room, accounts, logs)
            }
            withExtendedLifetime(folder) {}
        }
    }

    /// Gives the listener page a plain name (after a test of escaping, so no screenshot shows
    /// a fixture as a name) and waits until the room lists it.
    /// Renames the page's own listener and waits until the room lists it, marked "(you)".
    static func rename(_ page: any BrowserPage, to name: String) async throws {
        try await page.run(
            "(() => { const i = document.getElementById('listener-name'); i.value = \(AxeCore.quoted(name)); i.dispatchEvent(new Event('change')); })()")
        _ = try await page.waitFor(
            "simulcastPage.connected && Array.from(document.querySelectorAll('#presence-list .who')).some(e => e.textContent === \(AxeCore.quoted(name + " (you)")))",
            as: Bool.self, seconds: 10)
    }

    func open(_ path: String = "") async throws -> DevToolsPage {
        try await browser.openPhone("\(base)/r/\(code)\(path)", initScript: Self.initScript)
    }

    /// A listener page that has chosen Apple Music with a real click and plays in sync.
    func listeningOnAppleMusic() async throws -> DevToolsPage {
        let page = try await open()
        _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
        try await page.click("[data-service=apple-music]")
        try await waitInSync(page)
        return page
    }

    struct Sample: Decodable {
        var positionMs: Double
        var at: Double
        var playing: Bool
    }

    static let appleSample =
        "(() => { const m = MusicKit.getInstance(); return {positionMs: m.currentPlaybackTime * 1000, at: Date.now(), playing: m.playbackState === 2}; })()"
    static let spotifySample =
        "(async () => { const p = new Spotify.Player({name: 'probe', getOAuthToken: cb => cb('x')}); const s = await p.getCurrentState(); return {positionMs: s.position, at: Date.now(), playing: !s.paused}; })()"

    /// The stand-in player's position minus the host's, at one instant (both on this machine's clock).
    func error(_ page: any BrowserPage, sample: String = WebRoom.appleSample) async throws -> Double {
        let reading = try await page.evaluate(sample, as: Sample.self)
        let playback = await host.playback
        return reading.positionMs - playback.positionMs(at: LocalTime(micros: Int64(reading.at * 1000)))
    }

    /// Waits until the player plays within `bound` ms of the host for 1 s (ten readings in a
    /// row), polling the page; returns the last error.
    @discardableResult
    func waitInSync(_ page: any BrowserPage, sample: String = WebRoom.appleSample, bound: Double = 100, seconds: Double = 15) async throws -> Double {
        let host = self.host
        return try await Self.waitInSync(page, sample: sample, bound: bound, seconds: seconds) { at in
            let playback = await host.playback
            return playback.playing ? playback.positionMs(at: at) : nil
        }
    }

    /// Waits until the page's player plays within `bound` ms of `hostPosition` (where the host
    /// is at an instant of this machine's clock; nil while it does not play) for ten readings
    /// in a row; returns the last error.
    @discardableResult
    static func waitInSync(
        _ page: any BrowserPage, sample: String = WebRoom.appleSample, bound: Double = 100, seconds: Double = 15, describing host: String = "the host",
        hostPosition: @escaping @Sendable (LocalTime) async -> Double?
    ) async throws -> Double {
        var inARow = 0
        var last = Double.infinity
        let held = await Poll.until(timeout: .milliseconds(Int64(seconds * 1000)), interval: .milliseconds(100)) {
            if let reading = try? await page.evaluate(sample, as: Sample.self), reading.playing,
                let position = await hostPosition(LocalTime(micros: Int64(reading.at * 1000)))
            {
                last = reading.positionMs - position
                inARow = abs(last) < bound ? inARow + 1 : 0
            } else {
                inARow = 0
            }
            return inARow >= 10
        }
        if held { return last }
        let blocked = (try? await page.evaluate("window.__cspViolations || []", as: [String].self)) ?? []
        throw DevToolsPage.ProtocolError(
            description:
                "not within \(bound) ms of \(host) for 1 s in \(seconds) s (last \(last) ms)\(blocked.isEmpty ? "" : "; the page's policy blocked \(blocked)")")
    }

    /// A CLI listener in this process: the `listen` command's session with a simulated player.
    static func cliListener(base: String, code: String, service: MusicService, seed: UInt64) -> (session: ListenerSession, player: SimulatedPlayer) {
        let player = SimulatedPlayer(
            configuration: .init(startLatencyMs: 150...300, seekLatencyMs: 60...120, canScheduleStart: true), trueClock: SystemClock(),
            deviceClock: SystemClock(), seed: seed)
        let session = ListenerSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .listener, room: code, service: service, storefront: "us"), clock: SystemClock(),
                logger: TestSupport.quietLogger),
            player: player, policy: .init(service: service, storefront: "us"), logger: TestSupport.quietLogger)
        return (session, player)
    }

    /// Saves a screenshot to $SIMULCAST_SCREENSHOT_DIR/NAME.png when that is set (docs/).
    /// `name.png` as the page looks now, and `name-dark.png` (or `name-light.png`) in the other
    /// colour scheme, the page left as it was; only where SIMULCAST_SCREENSHOT_DIR is set.
    static func screenshot(_ page: DevToolsPage, _ name: String) async throws {
        guard let folder = ProcessInfo.processInfo.environment["SIMULCAST_SCREENSHOT_DIR"] else { return }
        let directory = URL(fileURLWithPath: folder)
        try await page.screenshot().write(to: directory.appendingPathComponent("\(name).png"))
        let dark = try await page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches", as: Bool.self)
        try await page.emulateColorScheme(dark ? "light" : "dark")
        // A timer, not a frame: a tab behind another gets no animation frames in headless Chromium.
        _ = try await page.evaluate("new Promise(r => setTimeout(() => r(true), 100))", as: Bool.self)
        try await page.screenshot().write(to: directory.appendingPathComponent("\(name)-\(dark ? "light" : "dark").png"))
        try await page.emulateColorScheme(dark ? "dark" : "light")
    }
}
