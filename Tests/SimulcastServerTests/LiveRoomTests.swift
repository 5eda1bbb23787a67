import AsyncHTTPClient
import Foundation
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// The real server on a loopback port, a host and two listeners on other services, with
/// clocks that disagree and players that take their time.
@Suite(.serialized) struct LiveRoomTests {
    struct Listener {
        var session: ListenerSession
        var player: SimulatedPlayer
    }

    static func listener(baseURL: String, code: String, service: MusicService, clockOffsetMs: Int64, seed: UInt64) -> Listener {
        let trueClock = SystemClock()
        let device = SkewedClock(base: trueClock, offsetMicros: clockOffsetMs * 1000, driftPPM: 30)
        let player = SimulatedPlayer(
            configuration: .init(startLatencyMs: 100...300, seekLatencyMs: 40...80, driftPPM: 25), trueClock: trueClock, deviceClock: device, seed: seed)
        let client = RoomConnection(
            serverURL: baseURL, hello: Wire.Hello(role: .listener, room: code, service: service, storefront: "us"), clock: device,
            logger: TestSupport.quietLogger)
        return Listener(
            session: ListenerSession(client: client, player: player, policy: .init(service: service, storefront: "us"), logger: TestSupport.quietLogger),
            player: player)
    }

    /// Listener's audible position minus the host's, at one true instant.
    static func error(_ listener: Listener, host: HostSession) async -> Double? {
        let hostNow = await host.currentPosition()
        let audible = await listener.player.audibleNow()
        guard audible.playing else { return nil }
        return audible.positionMs - hostNow.positionMs
    }

    /// Waits (up to `timeout`) until every listener is within `bound` ms of the host at one
    /// instant; returns the errors last read, for the expectations and their messages.
    static func settle(_ listeners: [Listener], host: HostSession, within bound: Double, timeout: Duration = .seconds(5)) async -> [Double?] {
        var last: [Double?] = []
        _ = await Poll.until(timeout: timeout) {
            last = []
            for listener in listeners { last.append(await error(listener, host: host)) }
            return last.allSatisfy { $0.map { abs($0) < bound } ?? false }
        }
        return last
    }

    /// Listeners on skewed clocks held to real-time bounds (paused within 3 s of the host), so
    /// it runs in the test script's isolated pass.
    @Test(.enabled(if: TestSupport.isolatedPass, "runs in the isolated pass"))
    func aHostAndTwoListenersOnOtherServices() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let baseURL = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: baseURL, transport: .live).createRoom()
        let hostClock = SkewedClock(base: SystemClock(), offsetMicros: -400_000, driftPPM: -20)
        let host = HostSession(
            client: RoomConnection(
                serverURL: baseURL, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: hostClock,
                logger: TestSupport.quietLogger))
        let apple = Self.listener(baseURL: baseURL, code: room.code, service: .appleMusic, clockOffsetMs: 2_500, seed: 1)
        let deezer = Self.listener(baseURL: baseURL, code: room.code, service: .deezer, clockOffsetMs: -1_300, seed: 2)
        let tasks = [Task { try await host.run() }, Task { try await apple.session.run() }, Task { try await deezer.session.run() }]
        defer { tasks.forEach { $0.cancel() } }
        #expect(
            await TestSupport.eventually {
                let appleSynchronised = await apple.session.status().synchronised
                let deezerSynchronised = await deezer.session.status().synchronised
                return await host.isSynchronised && appleSynchronised && deezerSynchronised
            })

        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000, queue: [Fixtures.sheLooksSoPerfect]))
        // Both load their own service's recording and settle within 40 ms of the host.
        #expect(await TestSupport.eventually { await apple.player.audibleNow().trackId == "298026101" })
        #expect(await TestSupport.eventually { await deezer.player.audibleNow().trackId == "dz-cest" })
        for error in await Self.settle([apple, deezer], host: host, within: 40) {
            #expect(error.map { abs($0) < 40 } == true, "sync error \(String(describing: error)) ms")
        }

        // Pause: both stop where the host stopped.
        try await host.apply(PlaybackEvent(event: .pause))
        #expect(await TestSupport.eventually(3) { await !apple.player.audibleNow().playing })
        #expect(await TestSupport.eventually(3) { await !deezer.player.audibleNow().playing })

        // Resume and seek: back in sync at the new place.
        try await host.apply(PlaybackEvent(event: .resume))
        try await host.apply(PlaybackEvent(event: .seek, positionMs: 100_000))
        let afterSeek = await Self.settle([apple], host: host, within: 40)[0]
        #expect(afterSeek.map { abs($0) < 40 } == true, "after seek: \(String(describing: afterSeek)) ms")

        // Skip to the queued track: Apple has it (the album version, not the demo); Deezer says why not.
        try await host.apply(PlaybackEvent(event: .skip))
        #expect(await TestSupport.eventually { await apple.player.audibleNow().trackId == Fixtures.appleSheLooksSoPerfect.id })
        #expect(
            await TestSupport.eventually {
                if case .noMatch = await deezer.session.status().follow { return true }
                return false
            })
        #expect(await deezer.player.audibleNow().trackId == nil)

        // The server knows both listeners and what they report.
        let summary = try #require(await RoomsAPI(baseURL: baseURL, transport: .live).room(code: room.code))
        #expect(Set(summary.listeners.map(\.service)) == [.appleMusic, .deezer])
        #expect(summary.state.track?.match(for: .appleMusic, storefront: "us")?.method == MatchMethod(.seed, .titleAndAlbum))
        tasks.forEach { $0.cancel() }
        await server.stop()
    }

    @Test func roomsSurviveARestartAndClientsReconnectByThemselves() async throws {
        let database = TestSupport.temporaryDatabase()
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            try await SQLiteRoomStore.open(path: database, clock: SystemClock())
        }
        let port = try await server.start()
        let baseURL = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: baseURL, transport: .live).createRoom()
        let host = HostSession(
            client: RoomConnection(
                serverURL: baseURL, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let apple = Self.listener(baseURL: baseURL, code: room.code, service: .appleMusic, clockOffsetMs: 700, seed: 3)
        let tasks = [Task { try await host.run() }, Task { try await apple.session.run() }]
        defer { tasks.forEach { $0.cancel() } }
        #expect(
            await TestSupport.eventually {
                let hostSynchronised = await host.isSynchronised
                let listenerSynchronised = await apple.session.status().synchronised
                return hostSynchronised && listenerSynchronised
            })
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 60_000))
        #expect(
            await TestSupport.eventually {
                let audible = await apple.player.audibleNow()
                return audible.trackId == "298026101" && audible.playing
            })
        let before = try #require(await RoomsAPI(baseURL: baseURL, transport: .live).room(code: room.code))

        await server.stop()
        #expect(await TestSupport.eventually { await !apple.session.status().connected })
        // The listener keeps playing through the outage.
        let duringOutage = await apple.player.audibleNow()
        let followDuringOutage = await apple.session.status().follow
        #expect(duringOutage.playing, "\(duringOutage) \(followDuringOutage)")

        try await server.start(port: port)
        #expect(await TestSupport.eventually { await apple.session.status().connected })
        let after = try #require(await RoomsAPI(baseURL: baseURL, transport: .live).room(code: room.code))
        #expect(after.state.track == before.state.track)
        #expect(after.state.anchor == before.state.anchor)
        #expect(after.state.seq > before.state.seq)
        // The host came back too, and a listener joining now gets the state at once.
        #expect(await TestSupport.eventually { (try? await RoomsAPI(baseURL: baseURL, transport: .live).room(code: room.code))?.state.hostConnected == true })
        let latecomer = Self.listener(baseURL: baseURL, code: room.code, service: .appleMusic, clockOffsetMs: -200, seed: 4)
        let late = Task { try await latecomer.session.run() }
        defer { late.cancel() }
        #expect(await TestSupport.eventually { await latecomer.player.audibleNow().trackId == "298026101" })
        for error in await Self.settle([apple, latecomer], host: host, within: 40) {
            #expect(error.map { abs($0) < 40 } == true, "sync error \(String(describing: error)) ms")
        }
        tasks.forEach { $0.cancel() }
        late.cancel()
        await server.stop()
    }
}
