import AsyncHTTPClient
import Foundation
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

/// Three real `simulcast serve` processes on one PostgreSQL, sharing a secrets key: a room
/// hosted from the browser is followed by exactly one node; that node is killed with SIGKILL
/// and another takes the room over within the lease, following a seek made afterwards.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass && TestPostgres.isAvailable))
struct MultiNodeHostingTests {
    @Test(.enabled(if: ServeProcess.executable != nil, "needs the built simulcast (swift build --product simulcast)"))
    func aHostedRoomMovesToAnotherNodeWhenItsFollowerIsKilled() async throws {
        let accounts = FakeSpotifyAccounts(clientId: "web-client", clientSecret: "unused")
        let player = FakeSpotify.Player()
        let state = FakeServiceState(tracks: [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect])
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { spotify in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-nodes-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let database = TestPostgres.connectionString(try await TestPostgres.freshDatabase())
            let extra = ["--spotify-web-client-id", "web-client", "--secrets-key-file", folder + "/secrets.key"]
            let environment = ["SIMULCAST_SPOTIFY_ACCOUNTS_URL": spotify, "SIMULCAST_SPOTIFY_API_URL": spotify]
            var nodes: [ServeProcess] = []
            defer { nodes.forEach { $0.stop() } }
            // The first node makes the key; the others read the same file.
            for _ in 0..<3 { nodes.append(try await ServeProcess(databaseURL: database, extra: extra, environment: environment)) }

            await player.set(track: Fixtures.cestLaVie, progressMs: 30_000, isPlaying: true)
            let room = try await RoomsAPI(baseURL: nodes[0].baseURL, transport: .live).createRoom()
            var generator = SystemRandomNumberGenerator()
            let pkce = SpotifyPKCE(using: &generator)
            let redirect = nodes[0].baseURL + "/r/callback"
            let code = await accounts.authorize(challenge: SpotifyPKCE.challenge(for: pkce.verifier), redirectURI: redirect)
            var request = HTTPClientRequest(url: "\(nodes[1].baseURL)/v1/rooms/\(room.code)/hosting")
            request.method = .POST
            request.headers.add(name: "Authorization", value: "Bearer \(room.hostToken)")
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(
                ByteBuffer(string: #"{"service":"spotify","code":"\#(code)","codeVerifier":"\#(pkce.verifier)","redirectUri":"\#(redirect)"}"#))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status.code == 202)

            /// The nodes (of `ports`, their ports) that say they follow a hosted room.
            @Sendable func followers(_ ports: [Int]) async -> [Int] {
                var found: [Int] = []
                for (index, port) in ports.enumerated() where await TestSupport.metric(port, "simulcast_hosted_rooms_followed") == 1 {
                    found.append(index)
                }
                return found
            }
            let ports = nodes.map(\.port)
            #expect(await TestSupport.eventually(10) { await followers(ports).count == 1 })
            let first = try #require(await followers(ports).first)
            let survivor = nodes[(first + 1) % 3].baseURL
            let listener = LiveRoomTests.listener(baseURL: survivor, code: room.code, service: .spotify, clockOffsetMs: 700, seed: 3)
            let listening = Task { try await listener.session.run() }
            defer { listening.cancel() }
            #expect(await TestSupport.eventually(15) { await MultiNodeProcessTests.following(listener, track: Fixtures.cestLaVie.id, nearMs: 30_000) })

            // The following node dies: another claims the room within the lease (5 s) and follows a seek.
            nodes[first].kill()
            let killed = ContinuousClock.now
            let alive = ports.enumerated().filter { $0.offset != first }.map(\.element)
            #expect(await TestSupport.eventually(15) { await followers(alive).count == 1 })
            // Within the node lease (5 s), plus one look at the hosted rooms (1 s) and this test's polling.
            let takeover = ContinuousClock.now - killed
            #expect(takeover < .seconds(7), "taken over in \(takeover)")
            await player.seek(toMs: 120_000)
            #expect(await TestSupport.eventually(10) { await MultiNodeProcessTests.following(listener, track: Fixtures.cestLaVie.id, nearMs: 120_000) })
            let summary = try #require(try await RoomsAPI(baseURL: survivor, transport: .live).room(code: room.code))
            #expect(summary.state.hostConnected)
        }
    }

    /// The same in the browser on three in-process nodes: a room started from node 1's front
    /// page, an Apple Music listener page on another node, the following node stopped; another
    /// node follows and the page follows a seek made in the host's Spotify.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func aListenerPageKeepsFollowingWhenTheFollowingNodeStops() async throws {
        let accounts = FakeSpotifyAccounts(clientId: HostingRig.clientId, clientSecret: "unused")
        let player = FakeSpotify.Player()
        let state = FakeServiceState(tracks: [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect])
        try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { spotify in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-nodes-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let key = try SecretsKey.loadOrCreate(path: folder + "/secrets.key").key
            let database = try await TestPostgres.freshDatabase()
            let web = try HostingRig.web(spotify: spotify)
            var nodes: [LocalServer] = []
            var ports: [Int] = []
            for _ in 0..<3 {
                let node = LocalServer(
                    matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, web: web,
                    makeHosting: { store, hub in
                        SpotifyRoomHosting(
                            store: store, hub: hub, key: key, configuration: HostingRig.testConfiguration(spotify), transport: NIOHTTPTransport.live,
                            logger: TestSupport.quietLogger)
                    },
                    makeStore: { try await TestPostgres.store(database, logger: TestSupport.quietLogger) })
                ports.append(try await node.start())
                nodes.append(node)
            }
            let stopAll = nodes
            defer { Task { for node in stopAll { await node.stop() } } }
            await player.set(track: Fixtures.cestLaVie, progressMs: 40_000, isPlaying: true)

            let browser = try await HeadlessChromium.launch()
            defer { browser.close() }
            let front = try await browser.openPhone("http://127.0.0.1:\(ports[0])/")
            _ = try await front.waitFor("!document.getElementById('start-spotify').hidden", as: Bool.self)
            try await front.click(role: "button", name: "Start a room with Spotify")
            let path = try await front.waitFor(
                "location.pathname.endsWith('/host') && window.simulcastHostPage?.hosting === 'following' ? location.pathname : null", as: String.self,
                seconds: 20)
            let code = String(path.dropFirst("/r/".count).dropLast("/host".count))
            await front.close()
            let bound = ports
            @Sendable func followers(_ candidates: [Int]) async -> [Int] {
                var found: [Int] = []
                for index in candidates where await TestSupport.metric(bound[index], "simulcast_hosted_rooms_followed") == 1 { found.append(index) }
                return found
            }
            #expect(await TestSupport.eventually(10) { await followers([0, 1, 2]).count == 1 })
            let first = try #require(await followers([0, 1, 2]).first)
            let listenerNode = (first + 1) % 3
            let listener = try await browser.openPhone("http://127.0.0.1:\(ports[listenerNode])/r/\(code)", initScript: WebRoom.initScript)
            _ = try await listener.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await listener.click("[data-service=apple-music]")
            try await HostingRig.waitInSync(listener, following: player)

            await nodes[first].stop()
            let others = [0, 1, 2].filter { $0 != first }
            #expect(await TestSupport.eventually(10) { await followers(others).count == 1 })
            await player.seek(toMs: 90_000)
            try await HostingRig.waitInSync(listener, following: player)
            await listener.close()
        }
    }
}
