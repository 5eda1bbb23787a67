import AsyncHTTPClient
import Foundation
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

/// A correction fixes its own room at once; it becomes everyone's only with an operator's
/// token or when the hosts of several independent rooms agree; it can be listed and revoked.
@Suite(.serialized) struct CorrectionTests {
    /// A host in `room` and a listener on Apple Music (US) following it, both synchronised.
    static func hostAndListener(_ base: String, _ room: CreatedRoom) async -> (host: HostSession, player: PrintPlayer, tasks: [Task<Void, any Error>]) {
        let host = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let player = PrintPlayer(service: .appleMusic, clock: SystemClock()) { _ in }
        let listener = ListenerSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"), clock: SystemClock(),
                logger: TestSupport.quietLogger),
            player: player, policy: .init(service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger)
        let tasks = [Task { try await host.run() }, Task { try await listener.run() }]
        #expect(
            await TestSupport.eventually {
                let hostSynchronised = await host.isSynchronised
                let listenerSynchronised = await listener.status().synchronised
                return hostSynchronised && listenerSynchronised
            })
        return (host, player, tasks)
    }

    @Test func aCorrectionReachesEveryRoomAndLaterMatches() async throws {
        // The seed's method picks the demo version when the album names the single.
        let seed = TrackMatchmaker(catalogs: [.appleMusic: TestSupport.appleCatalog], matcher: SeedMatcher())
        let database = TestSupport.temporaryDatabase()
        let server = LocalServer(matchmaker: seed, clock: SystemClock(), logger: TestSupport.quietLogger) {
            try await SQLiteRoomStore.open(path: database, clock: SystemClock())
        }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let api = RoomsAPI(baseURL: base, transport: .live)
        let room = try await api.createRoom()
        var single = Fixtures.sheLooksSoPerfect
        single.album = "She Looks So Perfect"
        let (host, player, tasks) = await Self.hostAndListener(base, room)
        defer { tasks.forEach { $0.cancel() } }
        try await host.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { await player.read().trackId == "am-slsp-demo" })

        // Refused: unknown track id, a room not playing it, a malformed body.
        let wrongId = MatchCorrection(
            room: room.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "nope")
        await #expect(throws: APIClientError.self) { try await api.correct(wrongId) }
        let other = try await api.createRoom()
        let wrongRoom = MatchCorrection(
            room: other.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp")
        await #expect(throws: APIClientError.self) { try await api.correct(wrongRoom) }

        // A listener's correction is a suggestion for the host: nobody's match changes. The
        // host's correction fixes the room at once, and answers the suggestion.
        let fix = MatchCorrection(
            room: room.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp")
        let suggested = try #require(try await api.correct(fix).suggested)
        #expect(suggested.target.id == "am-slsp" && suggested.listeners == 1)
        #expect(try await api.room(code: room.code)?.state.suggestions?.map(\.target.id) == ["am-slsp"])
        #expect(await player.read().trackId == "am-slsp-demo")
        let applied = try #require(try await api.correct(fix, token: room.hostToken).applied)
        #expect(applied.result.method == .correction)
        #expect(!applied.global)
        #expect(await TestSupport.eventually { await player.read().trackId == "am-slsp" })
        #expect(try await api.room(code: room.code)?.state.suggestions == nil)
        // A global correction needs the admin token.
        await #expect(throws: APIClientError.self) { try await api.correct(fix, global: true) }

        // Another room playing the same track is not poisoned by it: it keeps its own answer.
        let later = try await api.createRoom()
        let (laterHost, laterPlayer, laterTasks) = await Self.hostAndListener(base, later)
        defer { laterTasks.forEach { $0.cancel() } }
        try await laterHost.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { await laterPlayer.read().trackId == "am-slsp-demo" })

        // The room lists its correction; its host (not a stranger) can revoke it.
        let listed = try await api.corrections(room: room.code)
        #expect(listed.map(\.id) == [applied.id])
        await #expect(throws: APIClientError.self) { try await api.revokeCorrection(id: applied.id, token: later.hostToken) }
        try await api.revokeCorrection(id: applied.id, token: room.hostToken)
        #expect(try await api.corrections(room: room.code).isEmpty)

        // The hosts of three different rooms agreeing made it everyone's, once.
        for made in [room, later] {
            let agreed = try await api.correct(
                MatchCorrection(
                    room: made.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp"),
                token: made.hostToken)
            #expect(agreed.applied?.global == false)
        }
        #expect(await TestSupport.eventually { await laterPlayer.read().trackId == "am-slsp" })
        let third = try await api.createRoom()
        let thirdHost = HostSession(
            client: RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .host, room: third.code, hostToken: third.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let thirdTask = Task { try await thirdHost.run() }
        defer { thirdTask.cancel() }
        #expect(await TestSupport.eventually { await thirdHost.isSynchronised })
        try await thirdHost.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { (try? await api.room(code: third.code))?.state.track != nil })
        let promoted = try await api.correct(
            MatchCorrection(room: third.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp"),
            token: third.hostToken)
        // Not any more when one client made all three (issue 22, seventh defect): these rooms
        // are minutes old and every host is on the same network (CorrectionPromotionTests has
        // the rule's table and a hub where it is met).
        #expect(promoted.applied?.global == false)
        tasks.forEach { $0.cancel() }
        laterTasks.forEach { $0.cancel() }
        await server.stop()
    }

    /// Issue 52 (2): before, 100 corrections from one listener took 0.34 s and the last (an
    /// unrelated song) played for every listener on that service. Now they are suggestions:
    /// limited per address, checked against the versions the matcher finds, and nobody's match
    /// changes.
    @Test func aHundredSuggestionsFromOneListenerChangeNobodysSong() async throws {
        let seed = TrackMatchmaker(catalogs: [.appleMusic: TestSupport.appleCatalog], matcher: SeedMatcher())
        let server = LocalServer(matchmaker: seed, clock: SystemClock(), logger: TestSupport.quietLogger) { InMemoryRoomStore(clock: SystemClock()) }
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let api = RoomsAPI(baseURL: base, transport: .live)
        let room = try await api.createRoom()
        var single = Fixtures.sheLooksSoPerfect
        single.album = "She Looks So Perfect"
        let (host, player, tasks) = await Self.hostAndListener(base, room)
        defer { tasks.forEach { $0.cancel() } }
        try await host.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { await player.read().trackId == "am-slsp-demo" })

        // An unrelated song the catalog has, then a version the matcher found, then a flood.
        var statuses: [Int] = []
        for attempt in 0..<100 {
            let target = attempt == 0 ? Fixtures.appleCestLaVie.id : "am-slsp"
            let body =
                #"{"room":"\#(room.code)","sourceService":"spotify","sourceId":"\#(single.id)","targetService":"apple-music","storefront":"us","targetId":"\#(target)"}"#
            statuses.append(try await HandoverTests.send(base, "/v1/matches/corrections", method: .POST, token: nil, json: body).status)
        }
        #expect(statuses.first == 422, "an unrelated song is not a version of the room's song")
        #expect(statuses[1] == 202)
        #expect(Double(statuses.filter { $0 == 202 }.count) <= ServerLimits().suggestions.burst)
        #expect(statuses.suffix(90).allSatisfy { $0 == 429 }, "\(statuses)")
        let state = try #require(try await api.room(code: room.code)?.state)
        #expect(state.track?.match(for: .appleMusic, storefront: "us")?.track?.id == "am-slsp-demo")
        #expect(state.suggestions?.map(\.listeners) == [1], "one listener is one listener, however often it asks")
        #expect(await player.read().trackId == "am-slsp-demo")
        #expect((await TestSupport.metric(port, "simulcast_limit_hits_total", label: "suggestions") ?? 0) >= 90)
    }
}
