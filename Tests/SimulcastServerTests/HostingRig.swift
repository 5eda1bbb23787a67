import AsyncHTTPClient
import Catalogs
import Foundation
import HostSources
import Logging
import NIOCore
import NIOHTTP1
import RoomStorage
import ServerHosting
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import SpotifyAuth
import Testing
import TrackMatching

@testable import Rooms

/// A server that hosts rooms from the browser, against loopback stand-ins for Spotify's
/// accounts service and Web API (one user's player; `connect`, a Connect device behind the
/// Player endpoints for listeners' follows), with a SQLite file and a secrets key
/// that survive a restart on the same port; every log line is kept to grep for secrets.
struct HostingRig: Sendable {
    let server: LocalServer
    let spotifyURL: String
    let accounts: FakeSpotifyAccounts
    let player: FakeSpotify.Player
    /// The Web API's log of requests (paths, times) and the faults it answers next.
    let state: FakeServiceState
    let logs: CapturedLogs
    let database: String
    let keyPath: String

    static let clientId = "web-client"

    static func run(
        server serverConfiguration: ServerConfiguration = ServerConfiguration(), clock: any LocalClock = SystemClock(),
        connect: (any SpotifyConnectRemote)? = nil, matchmaker: TrackMatchmaker = TestSupport.matchmaker,
        configure: @escaping @Sendable (inout SpotifyRoomHosting.Configuration) -> Void = { _ in }, _ body: @Sendable (HostingRig) async throws -> Void
    ) async throws {
        let accounts = FakeSpotifyAccounts(clientId: clientId, clientSecret: "unused")
        let player = FakeSpotify.Player(clock: clock)
        let state = FakeServiceState(tracks: [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect], clock: clock)
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player, connect: connect)) { spotify in
            let logs = CapturedLogs()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-hosting-\(UUID().uuidString)").path
            let database = folder + "/rooms.sqlite"
            let keyPath = folder + "/secrets.key"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let key = try SecretsKey.loadOrCreate(path: keyPath).key
            let web = try web(spotify: spotify)
            let server = LocalServer(
                matchmaker: matchmaker, clock: clock, logger: logs.logger, web: web, configuration: serverConfiguration,
                makeHosting: { store, hub in
                    var configuration = testConfiguration(spotify)
                    configure(&configuration)
                    return SpotifyRoomHosting(
                        store: store, hub: hub, key: key, configuration: configuration, transport: NIOHTTPTransport.live, logger: logs.logger)
                },
                makeStore: { try await SQLiteRoomStore.open(path: database, clock: clock, logger: logs.logger) })
            try await server.start()
            try await body(
                HostingRig(
                    server: server, spotifyURL: spotify, accounts: accounts, player: player, state: state, logs: logs, database: database, keyPath: keyPath))
            await server.stop()
        }
    }

    /// The web configuration of a test server: Spotify through the stand-in at `spotify`, the SDK stand-ins.
    static func web(spotify: String) throws -> WebListenerConfiguration {
        var web = WebListenerConfiguration(spotifyClientId: clientId, spotifyAccountsURL: spotify, spotifyAPIURL: spotify)
        web.appleMusicSigner = WebRoom.signer
        web.testSDKs = WebTestSDKs(musicKitScript: try FakeBrowserSDKs.musicKitScript, spotifyPlayerScript: try FakeBrowserSDKs.spotifyPlayerScript)
        return web
    }

    /// Polls the player four times a second, so a seek or skip reaches the room at once.
    static func testConfiguration(_ spotify: String) -> SpotifyRoomHosting.Configuration {
        var configuration = SpotifyRoomHosting.Configuration(clientId: clientId, accountsURL: spotify, apiURL: spotify)
        configuration.source.tracker.playingIntervalMs = 250
        configuration.source.tracker.pausedIntervalMs = 250
        configuration.source.tracker.idleIntervalMs = 250
        configuration.source.tracker.burstIntervalMs = 100
        configuration.reconcileInterval = .milliseconds(250)
        return configuration
    }

    var base: String {
        get async { await server.baseURL ?? "" }
    }

    /// Where the host's Spotify is at `time` (this machine's clock), and whether it plays.
    static func spotifyPosition(_ player: FakeSpotify.Player, at time: LocalTime) async -> (positionMs: Double, playing: Bool)? {
        guard let state = await player.state else { return nil }
        var position = Double(state.progressMs)
        if state.isPlaying { position += Double(state.since.distance(to: time)) / 1000 }
        return (position, state.isPlaying)
    }

    /// Waits until the Apple Music stand-in in `page` plays within `bound` ms of the host's
    /// Spotify for ten readings in a row (1 s); returns the last error.
    @discardableResult
    func waitInSync(_ page: DevToolsPage, bound: Double = 100, seconds: Double = 20) async throws -> Double {
        try await Self.waitInSync(page, following: player, bound: bound, seconds: seconds)
    }

    @discardableResult
    static func waitInSync(_ page: DevToolsPage, following player: FakeSpotify.Player, bound: Double = 100, seconds: Double = 20) async throws -> Double {
        try await WebRoom.waitInSync(page, bound: bound, seconds: seconds, describing: "the host's Spotify") { at in
            guard let host = await spotifyPosition(player, at: at), host.playing else { return nil }
            return host.positionMs
        }
    }
}

extension HostingRig {
    /// One request to the server: its status and body as text.
    func fetch(_ path: String, method: HTTPMethod = .GET, bearer: String? = nil, json: String? = nil) async throws -> (status: Int, text: String) {
        var request = try await self.request(path, bearer: bearer, json: json)
        request.method = json == nil ? method : (method == .GET ? .POST : method)
        return try await send(request)
    }

    /// A request as `fetch` makes it (a POST when it has a body), for a test to add headers to.
    func request(_ path: String, bearer: String? = nil, json: String? = nil) async throws -> HTTPClientRequest {
        var request = HTTPClientRequest(url: await base + path)
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        if let json {
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        return request
    }

    func send(_ request: HTTPClientRequest) async throws -> (status: Int, text: String) {
        // A wait, not a bound: on a busy machine a request can take a while.
        let response = try await HTTPClient.shared.execute(request, timeout: TimeAmount(Patience.event))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    /// The room's hosting status as the host page reads it.
    func hostingStatus(room: String, hostToken: String) async throws -> String? {
        let (status, text) = try await fetch("/v1/rooms/\(room)/hosting", bearer: hostToken)
        guard status == 200 else { return nil }
        return (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["status"] as? String
    }
}

extension HostingRig {
    /// Every access and refresh token Spotify issued in the session must be absent from every
    /// log line, the metrics, the room's state and presence, the hosting answers and errors,
    /// every URL the pages loaded, and (in plain text) the database file.
    func expectNoSpotifyTokenIsShown(room: String, hostToken: String, pages: [DevToolsPage]) async throws {
        let secrets = await accounts.issuedAccessTokens + accounts.issuedRefreshTokens
        #expect(!secrets.isEmpty, "the session issued tokens")
        var places: [(String, String)] = logs.all.map { ("log", $0) }
        places.append(("metrics", try await fetch("/metrics").text))
        places.append(("room", try await fetch("/v1/rooms/\(room)").text))
        places.append(("hosting", try await fetch("/v1/rooms/\(room)/hosting", bearer: hostToken).text))
        places.append(("host page", try await fetch("/r/\(room)/host").text))
        let refused = try await fetch(
            "/v1/rooms/\(room)/hosting", method: .POST, bearer: hostToken,
            json: #"{"service": "spotify", "code": "used-code", "codeVerifier": "\#(String(repeating: "v", count: 43))", "redirectUri": "http://x/r/callback"}"#
        )
        places.append(("refused login", refused.text))
        for page in pages {
            let urls = try await page.evaluate("[location.href, ...performance.getEntriesByType('resource').map(e => e.name)]", as: [String].self)
            places += urls.map { ("url", $0) }
        }
        let stored = try Data(contentsOf: URL(fileURLWithPath: database))
        places.append(("database", String(decoding: stored, as: UTF8.self)))
        for secret in secrets {
            for (place, text) in places where text.contains(secret) {
                Issue.record("a Spotify token appears in the \(place): \(text.prefix(200))")
            }
        }
    }
}

extension HostingRig {
    /// A phone on the front page clicks "Start a room with Spotify" and lands on the host page
    /// once the server follows; the room's code and the host token the page keeps.
    func startRoomFromTheFrontPage(_ browser: HeadlessChromium, checkAccessibility: Bool = false) async throws -> (
        page: DevToolsPage, code: String, hostToken: String
    ) {
        let page = try await browser.openPhone(await base + "/")
        _ = try await page.waitFor("!document.getElementById('start-spotify').hidden", as: Bool.self)
        if checkAccessibility {
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "front page: \(findings)") }
            try await WebRoom.screenshot(page, "front-page")
        }
        try await page.click(role: "button", name: "Start a room with Spotify")
        let path = try await page.waitFor(
            "location.pathname.endsWith('/host') && window.simulcastHostPage?.hosting === 'following' ? location.pathname : null", as: String.self,
            seconds: 20)
        let code = String(path.dropFirst("/r/".count).dropLast("/host".count))
        let hostToken = try await page.evaluate("localStorage.getItem('simulcast.host.' + \(AxeCore.quoted(code)))", as: String.self)
        return (page, code, hostToken)
    }
}

extension HostingRig {
    /// A room hosted with Spotify through the REST route, as the callback page does: the room,
    /// its host token, and the authorization code the stand-in's authorize page would send back.
    func hostedRoom(user: String = "fake-user", scope: String = "user-read-currently-playing user-read-playback-state") async throws -> CreatedRoom {
        let base = await self.base
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        var generator = SystemRandomNumberGenerator()
        let pkce = SpotifyPKCE(using: &generator)
        let redirect = base + "/r/callback"
        let code = await accounts.authorize(challenge: SpotifyPKCE.challenge(for: pkce.verifier), redirectURI: redirect, user: user, scope: scope)
        let answer = try await fetch(
            "/v1/rooms/\(room.code)/hosting", method: .POST, bearer: room.hostToken,
            json: #"{"service":"spotify","code":"\#(code)","codeVerifier":"\#(pkce.verifier)","redirectUri":"\#(redirect)"}"#)
        #expect(answer.status == 202, "\(answer.text)")
        return room
    }
}
