import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing
import TrackMatching

@testable import Rooms

/// Issue 37 (4): the host hands the room to a listener. A Spotify host offers it to Ana (Apple
/// Music); Ana takes it on her connection and gets the room's new host token, alone; her player
/// goes on with the room's song on Apple Music and publishes; the old host is closed and its
/// token opens nothing; listeners keep playing throughout (no gap, the same recording) and
/// follow the new host within the sync bound. On one node and across three on PostgreSQL.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass)) struct HandoverTests {
    static let matchmaker = TestRooms.everyServiceMatchmaker

    static func send(_ base: String, _ path: String, method: HTTPMethod, token: String?, json: String? = nil) async throws -> (status: Int, text: String) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: TimeAmount(Patience.event))
        return (Int(response.status.code), String(buffer: try await response.body.collect(upTo: 1 << 20)))
    }

    static func granted(_ peer: WirePeer) async -> String? {
        for message in await peer.messages { if case .handoverGranted(let grant) = message { return grant.hostToken } }
        return nil
    }

    /// `urls`: the old host's node, Ana's, the new host's, and the Spotify listener's.
    static func handOver(_ urls: [String]) async throws {
        let room = try await RoomsAPI(baseURL: urls[0], transport: .live).createRoom()
        let oldHost = HostSession(
            client: RoomConnection(
                serverURL: urls[0], hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let spotifyListener = LiveRoomTests.listener(baseURL: urls[3], code: room.code, service: .spotify, clockOffsetMs: 1_200, seed: 37)
        var tasks = [Task { try await oldHost.run() }, Task { try await spotifyListener.session.run() }]
        defer { tasks.forEach { $0.cancel() } }
        #expect(await Poll.until(timeout: Patience.event) { await oldHost.isSynchronised })
        try await oldHost.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 40_000))
        let port = URL(string: urls[1])!.port!
        let ana = await WirePeer.connect(
            port: port, room: room.code,
            hello: WireCodec().text(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: "Ana"))))
        let ben = await WirePeer.connect(
            port: port, room: room.code,
            hello: WireCodec().text(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: "Ben"))))
        #expect(await TestSupport.eventually { await spotifyListener.player.audibleNow().trackId == Fixtures.cestLaVie.id })
        #expect(await LiveRoomTests.settle([spotifyListener], host: oldHost, within: 40).allSatisfy { $0.map { abs($0) < 40 } ?? false })

        // Only the host offers; a body without a listener's id is refused in words.
        let path = "/v1/rooms/\(room.code)/handover"
        #expect(await TestSupport.eventually { await ana.welcome != nil })
        #expect(await TestSupport.eventually { await ben.welcome != nil })
        let anaId = try #require(await ana.welcome?.listenerId)
        let benId = try #require(await ben.welcome?.listenerId)
        #expect(try await send(urls[0], path, method: .POST, token: "not-the-token", json: #"{"listener":"\#(anaId)"}"#).status == 403)
        let malformed = try await send(urls[0], path, method: .POST, token: room.hostToken, json: #"{"name":"Ana"}"#)
        #expect(malformed.status == 400 && malformed.text.contains("malformed_handover"), "\(malformed.text)")
        // An offer withdrawn is gone; Ben, not addressed, cannot take one.
        #expect(
            await TestSupport.eventually {
                (try? await send(urls[0], path, method: .POST, token: room.hostToken, json: #"{"listener":"\#(benId)"}"#))?.status == 202
            })
        #expect(await TestSupport.eventually { await ana.states.last?.handoverOffer?.to == "Ben" })
        #expect(try await send(urls[0], path, method: .DELETE, token: room.hostToken).status == 204)
        #expect(await TestSupport.eventually { await ana.states.last.map { $0.handoverOffer == nil } == true })
        let offered = try await send(urls[0], path, method: .POST, token: room.hostToken, json: #"{"listener":"\#(anaId)"}"#)
        #expect(offered.status == 202 && offered.text.contains("Ana"), "\(offered.text)")
        #expect(await TestSupport.eventually { await ben.states.last?.handoverOffer?.to == "Ana" })
        await ben.send(.handoverAnswer(Wire.HandoverAnswer(accept: true)))
        #expect(await TestSupport.eventually { await ben.errors.contains(.invalidState) })

        // Ana takes it: the new token reaches her connection alone.
        let listening = Task {
            // The Spotify listener plays the same recording all through the handover.
            var gaps = 0
            while !Task.isCancelled {
                let heard = await spotifyListener.player.audibleNow()
                if heard.trackId != Fixtures.cestLaVie.id || !heard.playing { gaps += 1 }
                try? await Task.sleep(for: .milliseconds(20))  // the next sample of what the listener hears
            }
            return gaps
        }
        await ana.send(.handoverAnswer(Wire.HandoverAnswer(accept: true)))
        #expect(await TestSupport.eventually { await Self.granted(ana) != nil })
        let newToken = try #require(await Self.granted(ana))
        #expect(await Self.granted(ben) == nil)
        #expect(newToken != room.hostToken)
        #expect(await TestSupport.eventually { await ana.states.last.map { $0.handoverOffer == nil && !$0.hostConnected } == true })

        // The old host's token opens nothing now; its connection was closed.
        #expect(try await send(urls[0], path, method: .DELETE, token: room.hostToken).status == 403)
        #expect(await TestSupport.eventually { await !oldHost.client.isJoined })

        // Ana's page goes on with the room's song on Apple Music, from where the room is.
        let newHost = HostSession(
            client: RoomConnection(
                serverURL: urls[2], hello: Wire.Hello(role: .host, room: room.code, hostToken: newToken), clock: SystemClock(), logger: TestSupport.quietLogger)
        )
        tasks.append(Task { try await newHost.run() })
        #expect(await Poll.until(timeout: Patience.event) { await newHost.isSynchronised })
        let state = try #require(await ana.states.last)
        let position = state.targetPositionMs(atServerTime: SystemClock().serverClockNow())
        try await newHost.apply(PlaybackEvent(event: .play, track: Fixtures.appleCestLaVie, positionMs: position))
        #expect(
            await TestSupport.eventually {
                guard let now = await ana.states.last, now.hostConnected, now.track?.source.id == Fixtures.appleCestLaVie.id else { return false }
                return now.track?.match(for: .spotify, storefront: "us")?.track?.id == Fixtures.cestLaVie.id
            }, "the old host's recording is the Spotify listeners' match at once")
        let errors = await LiveRoomTests.settle([spotifyListener], host: newHost, within: 40)
        #expect(errors.allSatisfy { $0.map { abs($0) < 40 } ?? false }, "after the handover: \(errors)")
        listening.cancel()
        let gaps = await listening.value
        #expect(gaps == 0, "the Spotify listener never stopped or changed song (\(gaps) readings of 20 ms did)")
        // The new host goes on as any host: a seek is followed.
        try await newHost.apply(PlaybackEvent(event: .seek, positionMs: 90_000))
        let afterSeek = await LiveRoomTests.settle([spotifyListener], host: newHost, within: 40)
        #expect(afterSeek.allSatisfy { $0.map { abs($0) < 40 } ?? false }, "after a seek: \(afterSeek)")
        for peer in [ana, ben] { await peer.disconnect() }
    }

    @Test func aSpotifyHostHandsTheRoomToAnAppleMusicListener() async throws {
        let server = LocalServer(
            matchmaker: Self.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let base = "http://127.0.0.1:\(try await server.start())"
        defer { Task { await server.stop() } }
        try await Self.handOver([base, base, base, base])
        #expect(await TestSupport.metric(URL(string: base)!.port!, "simulcast_handovers_total") == 1)
    }

    /// Three server nodes on one fresh PostgreSQL database, and their base URLs.
    static func threeNodes() async throws -> (nodes: [LocalServer], urls: [String]) {
        let database = try await TestPostgres.freshDatabase()
        var nodes: [LocalServer] = []
        var urls: [String] = []
        for _ in 0..<3 {
            let node = LocalServer(matchmaker: Self.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
                try await TestPostgres.store(database, logger: TestSupport.quietLogger)
            }
            urls.append("http://127.0.0.1:\(try await node.start())")
            nodes.append(node)
        }
        return (nodes, urls)
    }

    @Test(.enabled(if: TestPostgres.isAvailable)) func theHandoverHoldsAcrossThreeNodes() async throws {
        let (nodes, urls) = try await Self.threeNodes()
        // The old host on the first node, Ana on the second, her host connection on the third,
        // the Spotify listener on the first.
        try await Self.handOver([urls[0], urls[1], urls[2], urls[0]])
        for node in nodes { await node.stop() }
    }

    /// Issue 37 (1) across nodes: a listener asks on one node, the host answers over REST on
    /// another, the host's player (on a third) queues it, and every node's listeners see each step.
    @Test(.enabled(if: TestPostgres.isAvailable)) func songRequestsHoldAcrossThreeNodes() async throws {
        let (nodes, urls) = try await Self.threeNodes()
        let room = try await RoomsAPI(baseURL: urls[0], transport: .live).createRoom()
        let queue = SongRequestTests.TakingQueue()
        let host = HostSession(
            client: RoomConnection(
                serverURL: urls[2], hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger),
            queue: queue)
        let hosting = Task { try await host.run() }
        #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
        #expect(try await Self.send(urls[0], "/v1/rooms/\(room.code)/requests", method: .PUT, token: room.hostToken, json: #"{"policy":"ask"}"#).status == 200)
        let ana = await SongRequestTests.listener(URL(string: urls[1])!.port!, room: room.code, name: "Ana")
        let watcher = await SongRequestTests.listener(URL(string: urls[0])!.port!, room: room.code, name: "Ben")
        #expect(await TestSupport.eventually { await ana.states.last?.requestPolicy == .ask })
        await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
        #expect(await TestSupport.eventually { await SongRequestTests.requests(watcher).first?.status == .pending })
        let id = try #require(await SongRequestTests.requests(watcher).first?.id)
        let answered = try await Self.send(
            urls[0], "/v1/rooms/\(room.code)/requests/\(id)", method: .POST, token: room.hostToken, json: #"{"answer":"accept"}"#)
        #expect(answered.status == 204, "\(answered.text)")
        #expect(await TestSupport.eventually { await SongRequestTests.requests(ana).first?.status == .queued })
        #expect(await queue.taken.map(\.id) == [Fixtures.sheLooksSoPerfect.id])
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
        #expect(await TestSupport.eventually { await SongRequestTests.requests(watcher).first?.status == .played })
        for peer in [ana, watcher] { await peer.disconnect() }
        hosting.cancel()
        for node in nodes { await node.stop() }
    }
}
