import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 37 (1): an Apple Music listener asks for a song; the server finds it on Apple Music,
/// matches it on the host's Spotify, the host accepts it over REST and the server-followed
/// host's Spotify queue receives it; when the host's player reaches it, the request is played,
/// the room's history names who asked, and the listener plays their own match.
@Suite(.serialized) struct SongRequestTests {
    static let hostScopes = "user-read-currently-playing user-read-playback-state"
    static let queueScopes = hostScopes + " user-modify-playback-state"

    static func listener(_ port: Int, room: String, name: String, service: MusicService = .appleMusic, address: String? = nil) async -> WirePeer {
        await WirePeer.connect(
            port: port, room: room,
            hello: WireCodec().text(.hello(Wire.Hello(role: .listener, room: room, service: service, storefront: "us", name: name))), forwardedFor: address)
    }

    static func requests(_ peer: WirePeer) async -> [SongRequest] { await peer.states.last?.songRequests ?? [] }

    static func lastError(_ peer: WirePeer) async -> Wire.Error? {
        for message in await peer.messages.reversed() { if case .error(let error) = message { return error } }
        return nil
    }

    static func policy(_ rig: HostingRig, room: CreatedRoom, _ policy: String, token: String? = nil) async throws -> (status: Int, text: String) {
        var request = try await rig.request("/v1/rooms/\(room.code)/requests", bearer: token ?? room.hostToken, json: #"{"policy":"\#(policy)"}"#)
        request.method = .PUT
        return try await rig.send(request)
    }

    static func answer(_ rig: HostingRig, room: CreatedRoom, id: String, _ answer: String, token: String? = nil) async throws -> (status: Int, text: String) {
        try await rig.fetch("/v1/rooms/\(room.code)/requests/\(id)", method: .POST, bearer: token ?? room.hostToken, json: #"{"answer":"\#(answer)"}"#)
    }

    /// A server that believes loopback's `X-Forwarded-For`, so each listener is an address of their own.
    static var behindAProxy: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.trustedProxies = ["127.0.0.1"]
        return configuration
    }

    @Test func anAppleMusicListenersRequestReachesTheHostsSpotifyQueueAndIsPlayed() async throws {
        try await HostingRig.run(server: Self.behindAProxy, matchmaker: TestRooms.everyServiceMatchmaker) { rig in
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let room = try await rig.hostedRoom(scope: Self.queueScopes)
            let port = URL(string: await rig.base)!.port!
            let ana = await Self.listener(port, room: room.code, name: "Ana", address: "203.0.113.7")
            let ben = await Self.listener(port, room: room.code, name: "Ben", address: "198.51.100.9")
            #expect(await TestSupport.eventually(20) { await ana.states.last?.track?.source.id == Fixtures.cestLaVie.id })

            // Off until the host turns requests on: asked anyway, a clear refusal.
            await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
            #expect(await TestSupport.eventually { await Self.lastError(ana)?.message.contains("does not take song requests") == true })

            // Only the host turns them on; a body that is not a policy is refused in words.
            #expect(try await Self.policy(rig, room: room, "ask", token: "not-the-token").status == 403)
            let malformed = try await Self.policy(rig, room: room, "sometimes")
            #expect(malformed.status == 400 && malformed.text.contains("malformed_request_answer"), "\(malformed.text)")
            let turnedOn = try await Self.policy(rig, room: room, "ask")
            #expect(turnedOn.status == 200 && turnedOn.text.contains("ask"), "\(turnedOn.text)")
            #expect(await TestSupport.eventually { await ana.states.last?.requestPolicy == .ask })

            // Ana asks for an Apple Music song: matched on the host's Spotify, waiting for the host.
            await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
            #expect(await TestSupport.eventually { await Self.requests(ben).count == 1 })
            let asked = try #require(await Self.requests(ben).first)
            #expect(asked.status == .pending && asked.requestedBy == "Ana" && asked.match?.id == Fixtures.sheLooksSoPerfect.id)
            #expect(asked.asked.id == Fixtures.appleSheLooksSoPerfect.id && asked.asked.title == Fixtures.appleSheLooksSoPerfect.title)

            // Ben backs it (once, however often he asks), and asking for the same song backs it too.
            await ben.send(.supportRequest(Wire.SupportRequest(id: asked.id)))
            await ben.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
            #expect(await TestSupport.eventually { await Self.requests(ana).first?.supporters == ["Ben"] })
            #expect(await Self.requests(ana).count == 1)

            // A song Spotify does not have is shown as such, and cannot be accepted.
            await ben.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleOnly.id)))
            #expect(await TestSupport.eventually { await Self.requests(ana).count == 2 })
            let unplayable = try #require(await Self.requests(ana).last)
            #expect(unplayable.status == .unplayable && unplayable.match == nil && unplayable.note?.contains("Spotify") == true, "\(unplayable)")
            let refusedAccept = try await Self.answer(rig, room: room, id: unplayable.id, "accept")
            #expect(refusedAccept.status == 409 && refusedAccept.text.contains("not on the host's service"), "\(refusedAccept.text)")
            // A song the listener's service does not have: a clear error, nothing added.
            await ben.send(.requestSong(Wire.RequestSong(trackId: "no-such-song")))
            #expect(await TestSupport.eventually { await Self.lastError(ben)?.message.contains("no such song on Apple Music") == true })

            // The host accepts: the server-followed host's Spotify queue receives the match.
            #expect(try await Self.answer(rig, room: room, id: asked.id, "accept", token: "nope").status == 403)
            #expect(try await Self.answer(rig, room: room, id: "unknown", "accept").status == 404)
            #expect(try await Self.answer(rig, room: room, id: asked.id, "accept").status == 204)
            #expect(await TestSupport.eventually(20) { await Self.requests(ana).first?.status == .queued })
            #expect(await rig.player.queuedURIs == ["spotify:track:\(Fixtures.sheLooksSoPerfect.id)"])
            #expect(try await Self.answer(rig, room: room, id: asked.id, "accept").status == 409, "accepted once")

            // The host's player reaches it: played, Ana's Apple Music match is the room's, the history names her.
            await rig.player.playNextInQueue()
            #expect(await TestSupport.eventually(20) { await Self.requests(ana).first?.status == .played })
            let state = try #require(await ana.states.last)
            #expect(state.track?.source.id == Fixtures.sheLooksSoPerfect.id)
            #expect(
                await TestSupport.eventually {
                    await ana.states.last?.track?.match(for: .appleMusic, storefront: "us")?.track?.id == Fixtures.appleSheLooksSoPerfect.id
                })
            // Who asked is the host's to see (issue 52).
            let history = try await rig.fetch("/v1/rooms/\(room.code)/history?service=apple-music&storefront=us", bearer: room.hostToken).text
            #expect(history.contains(#""requestedBy":"Ana""#), "\(history)")
            let forStrangers = try await rig.fetch("/v1/rooms/\(room.code)/history?service=apple-music&storefront=us").text
            #expect(!forStrangers.contains("Ana"), "\(forStrangers)")
            for peer in [ana, ben] { await peer.disconnect() }
        }
    }

    @Test func aHostLoginWithoutTheQueueScopeFailsTheRequestInWords() async throws {
        try await HostingRig.run(matchmaker: TestRooms.everyServiceMatchmaker) { rig in
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let room = try await rig.hostedRoom(scope: Self.hostScopes)
            let port = URL(string: await rig.base)!.port!
            #expect(try await Self.policy(rig, room: room, "automatic").status == 200)
            let ana = await Self.listener(port, room: room.code, name: "Ana")
            #expect(await TestSupport.eventually(20) { await ana.states.last?.track != nil })
            await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
            #expect(await TestSupport.eventually(20) { await Self.requests(ana).first?.status == .failed })
            #expect(await Self.requests(ana).first?.note?.contains("login does not allow adding to the queue") == true)
            #expect(await rig.player.queuedURIs.isEmpty)
            await ana.disconnect()
        }
    }

    /// A listener's allowance is their address's, kept by the room: reconnecting under another name renews nothing.
    @Test func theRequestAllowanceHoldsAcrossReconnectsAndNames() async throws {
        try await HostingRig.run(server: Self.behindAProxy, matchmaker: TestRooms.everyServiceMatchmaker) { rig in
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let room = try await rig.hostedRoom()
            let port = URL(string: await rig.base)!.port!
            #expect(try await Self.policy(rig, room: room, "ask").status == 200)
            let songs = [Fixtures.appleSheLooksSoPerfect, Fixtures.appleLoudWords, Fixtures.appleOnly, Fixtures.appleCestLaVie]
            let first = await Self.listener(port, room: room.code, name: "Ana", address: "203.0.113.7")
            #expect(await TestSupport.eventually(20) { await first.states.last?.track != nil })
            for song in songs.prefix(3) { await first.send(.requestSong(Wire.RequestSong(trackId: song.id))) }
            #expect(await TestSupport.eventually { await Self.requests(first).count == 3 })
            await first.disconnect()
            let again = await Self.listener(port, room: room.code, name: "Not Ana", address: "203.0.113.7")
            #expect(await TestSupport.eventually(20) { await again.welcome != nil })
            await again.send(.requestSong(Wire.RequestSong(trackId: songs[3].id)))
            #expect(await TestSupport.eventually { await Self.lastError(again)?.code == .rateLimited })
            #expect(await Self.requests(again).count == 3)
            // Another household is not held back by Ana's.
            let other = await Self.listener(port, room: room.code, name: "Ben", address: "198.51.100.9")
            #expect(await TestSupport.eventually(20) { await other.welcome != nil })
            await other.send(.requestSong(Wire.RequestSong(trackId: songs[3].id)))
            #expect(await TestSupport.eventually { await Self.requests(other).count == 4 })
            for peer in [again, other] { await peer.disconnect() }
        }
    }

    /// Issue 52 (8): before, +1s were counted by name (reconnect as another name, +1 again) and
    /// the request allowance was each room's (one address's lookups grew with the rooms it
    /// made). Now a +1 is one per address, and the allowance is the address's across rooms.
    @Test func aPlusOneIsOnePerAddressAndTheAllowanceCrossesRooms() async throws {
        try await HostingRig.run(server: Self.behindAProxy, matchmaker: TestRooms.everyServiceMatchmaker) { rig in
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let room = try await rig.hostedRoom()
            let port = URL(string: await rig.base)!.port!
            #expect(try await Self.policy(rig, room: room, "ask").status == 200)
            let ana = await Self.listener(port, room: room.code, name: "Ana", address: "203.0.113.7")
            #expect(await TestSupport.eventually(20) { await ana.states.last?.track != nil })
            await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleSheLooksSoPerfect.id)))
            #expect(await TestSupport.eventually { await Self.requests(ana).count == 1 })
            let id = try #require(await Self.requests(ana).first?.id)
            // Ben's household backs it once, whatever names its connections take.
            for name in ["Ben", "Not Ben", "Ben Again"] {
                let ben = await Self.listener(port, room: room.code, name: name, address: "198.51.100.9")
                #expect(await TestSupport.eventually(20) { await ben.welcome != nil })
                await ben.send(.supportRequest(Wire.SupportRequest(id: id)))
                await ben.send(.reaction(Wire.SendReaction(reaction: "fire")))
                #expect(await TestSupport.eventually { await ben.reactions.isEmpty == false })
                await ben.disconnect()
            }
            #expect(await Self.requests(ana).first?.supporters == ["Ben"])
            // Ana's own address cannot back her request under another name either.
            let anaAgain = await Self.listener(port, room: room.code, name: "Anna", address: "203.0.113.7")
            #expect(await TestSupport.eventually(20) { await anaAgain.welcome != nil })
            await anaAgain.send(.supportRequest(Wire.SupportRequest(id: id)))
            await anaAgain.send(.reaction(Wire.SendReaction(reaction: "fire")))
            #expect(await TestSupport.eventually { await anaAgain.reactions.isEmpty == false })
            #expect(await Self.requests(anaAgain).first?.supporters == ["Ben"])

            // Two more requests spend Ana's address's allowance; in a room of her own it is spent too.
            for song in [Fixtures.appleLoudWords, Fixtures.appleOnly] { await anaAgain.send(.requestSong(Wire.RequestSong(trackId: song.id))) }
            #expect(await TestSupport.eventually { await Self.requests(anaAgain).count == 3 })
            let own = try await rig.hostedRoom(user: "ana-host")
            #expect(try await Self.policy(rig, room: own, "ask").status == 200)
            let inOwn = await Self.listener(port, room: own.code, name: "Ana", address: "203.0.113.7")
            #expect(await TestSupport.eventually(20) { await inOwn.states.last?.track != nil })
            await inOwn.send(.requestSong(Wire.RequestSong(trackId: Fixtures.appleCestLaVie.id)))
            #expect(await TestSupport.eventually { await Self.lastError(inOwn)?.code == .rateLimited })
            for peer in [ana, anaAgain, inOwn] { await peer.disconnect() }
        }
    }

    /// A host's queue that takes every song, in order (a CLI host's player, as far as the room sees it).
    actor TakingQueue: HostQueue {
        private(set) var taken: [TrackMetadata] = []
        func add(_ track: TrackMetadata) async throws(HostQueueRefusal) { taken.append(track) }
    }

    /// Issue 37 (3): an evening of ten songs, two of them asked for by listeners, is the room's
    /// history in order, each with who asked and the listener's own link.
    @Test func anEveningOfTenSongsWithTwoRequestsIsTheRoomsHistoryInOrder() async throws {
        let server = LocalServer(
            matchmaker: TestRooms.everyServiceMatchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: Self.behindAProxy,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let base = "http://127.0.0.1:\(try await server.start())"
        defer { Task { await server.stop() } }
        let port = URL(string: base)!.port!
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let queue = TakingQueue()
        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger),
            queue: queue)
        let hosting = Task { try await host.run() }
        defer { hosting.cancel() }
        #expect(await Poll.until(timeout: Patience.event) { await host.isSynchronised })
        var request = HTTPClientRequest(url: base + "/v1/rooms/\(room.code)/requests")
        request.method = .PUT
        request.headers.add(name: "Authorization", value: "Bearer \(room.hostToken)")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"policy":"automatic"}"#))
        #expect(try await HTTPClient.shared.execute(request, timeout: .seconds(10)).status == .ok)

        let ana = await Self.listener(port, room: room.code, name: "Ana", address: "203.0.113.7")
        let ben = await Self.listener(port, room: room.code, name: "Ben", service: .spotify, address: "198.51.100.9")
        defer { Task { for peer in [ana, ben] { await peer.disconnect() } } }
        let evening = [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect] + Fixtures.setlist.map(\.spotify)
        let apple = [Fixtures.appleCestLaVie, Fixtures.appleSheLooksSoPerfect] + Fixtures.setlist.map(\.apple)
        for (index, song) in evening.enumerated() {
            try await host.apply(PlaybackEvent(event: .play, track: song, positionMs: 0))
            // The listener's own match arrives before the next song (the history keeps the match it ended with).
            #expect(
                await TestSupport.eventually {
                    await ana.states.last?.track?.match(for: .appleMusic, storefront: "us")?.track?.id == apple[index].id
                }, "song \(index + 1)")
            if index == 1 {
                // Ana (Apple Music) asks for the fifth song, Ben (Spotify) for the eighth; both go to the host's queue.
                await ana.send(.requestSong(Wire.RequestSong(trackId: Fixtures.setlist[2].apple.id)))
                await ben.send(.requestSong(Wire.RequestSong(trackId: Fixtures.setlist[5].spotify.id)))
                #expect(await TestSupport.eventually { await Self.requests(ana).filter { $0.status == .queued }.count == 2 })
                #expect(await Set(queue.taken.map(\.id)) == [Fixtures.setlist[2].spotify.id, Fixtures.setlist[5].spotify.id])
            }
        }
        // Who asked is shown to the room's host (issue 52): read with the host token.
        var historyRequest = HTTPClientRequest(url: base + "/v1/rooms/\(room.code)/history?service=apple-music&storefront=us")
        historyRequest.headers.add(name: "Authorization", value: "Bearer \(room.hostToken)")
        let response = try await HTTPClient.shared.execute(historyRequest, timeout: .seconds(10))
        let body = String(buffer: try await response.body.collect(upTo: 1 << 20))
        struct History: Decodable {
            struct Song: Decodable {
                struct Yours: Decodable {
                    var id: String
                    var link: String?
                }
                var id: String
                var requestedBy: String?
                var yours: Yours?
            }
            var songs: [Song]
        }
        let songs = try JSONDecoder().decode(History.self, from: Data(body.utf8)).songs
        #expect(songs.map(\.id) == evening.map(\.id))
        #expect(songs.map { $0.requestedBy ?? "" } == ["", "", "", "", "Ana", "", "", "Ben", "", ""])
        #expect(songs.map { $0.yours?.id } == apple.map(\.id))
        #expect(songs.allSatisfy { $0.yours?.link == "https://music.apple.com/us/song/\($0.yours?.id ?? "")" })
        #expect(await Self.requests(ana).map(\.status) == [.played, .played])
    }
}
