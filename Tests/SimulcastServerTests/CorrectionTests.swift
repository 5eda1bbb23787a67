import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing
import TrackMatching

/// One listener fixing a wrong match fixes it for everyone.
@Suite(.serialized) struct CorrectionTests {
    @Test func aCorrectionReachesEveryRoomAndLaterMatches() async throws {
        // The seed's method picks the demo version when the album names the single.
        let seed = TrackMatchmaker(catalogs: [.appleMusic: TestSupport.appleCatalog], matcher: SeedMatcher())
        let database = TestSupport.temporaryDatabase()
        let server = LocalServer(matchmaker: seed, logger: TestSupport.quietLogger) { try await SQLiteRoomStore.open(path: database) }
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let api = RoomsAPI(baseURL: base)
        let room = try await api.createRoom()
        var single = Fixtures.sheLooksSoPerfect
        single.album = "She Looks So Perfect"
        let host = HostSession(client: RoomClient(serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), logger: TestSupport.quietLogger))
        let player = PrintPlayer(service: .appleMusic, clock: SystemClock()) { _ in }
        let listener = ListenerSession(client: RoomClient(serverURL: base, hello: Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger), player: player, policy: .init(service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger)
        let tasks = [Task { try await host.run() }, Task { try await listener.run() }]
        defer { tasks.forEach { $0.cancel() } }
        #expect(await TestSupport.eventually { await listener.status().connected })
        try await Task.sleep(for: .milliseconds(400))
        try await host.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { await player.read().trackId == "am-slsp-demo" })

        // Refused: unknown track id, a room not playing it, a malformed body.
        let wrongId = MatchCorrection(room: room.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "nope")
        await #expect(throws: APIClientError.self) { try await api.correct(wrongId) }
        let other = try await api.createRoom()
        let wrongRoom = MatchCorrection(room: other.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp")
        await #expect(throws: APIClientError.self) { try await api.correct(wrongRoom) }

        let fix = MatchCorrection(room: room.code, sourceService: .spotify, sourceId: single.id, targetService: .appleMusic, storefront: "us", targetId: "am-slsp")
        let result = try await api.correct(fix)
        #expect(result.method == "correction")
        #expect(await TestSupport.eventually { await player.read().trackId == "am-slsp" })

        // Another room playing the same track later gets the corrected match straight from the cache.
        let later = try await api.createRoom()
        let laterHost = HostSession(client: RoomClient(serverURL: base, hello: Wire.Hello(role: .host, room: later.code, hostToken: later.hostToken), logger: TestSupport.quietLogger))
        let laterPlayer = PrintPlayer(service: .appleMusic, clock: SystemClock()) { _ in }
        let laterListener = ListenerSession(client: RoomClient(serverURL: base, hello: Wire.Hello(role: .listener, room: later.code, service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger), player: laterPlayer, policy: .init(service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger)
        let laterTasks = [Task { try await laterHost.run() }, Task { try await laterListener.run() }]
        defer { laterTasks.forEach { $0.cancel() } }
        #expect(await TestSupport.eventually { await laterListener.status().connected })
        try await Task.sleep(for: .milliseconds(400))
        try await laterHost.apply(PlaybackEvent(event: .play, track: single))
        #expect(await TestSupport.eventually { await laterPlayer.read().trackId == "am-slsp" })
        tasks.forEach { $0.cancel() }
        laterTasks.forEach { $0.cancel() }
        await server.stop()
    }
}
