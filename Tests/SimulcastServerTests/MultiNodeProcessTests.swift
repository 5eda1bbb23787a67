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

/// Three real `simulcast serve` processes on one PostgreSQL: a host on node 1, listeners on
/// nodes 2 and 3, then node 2 killed with SIGKILL mid-track and PostgreSQL restarted. It
/// restarts the shared test cluster, so `scripts/test.sh` runs it on its own, after the rest.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass && TestPostgres.isAvailable))
struct MultiNodeProcessTests {
    /// How clients reach the nodes: each lists every node (`--server URL1,URL2,URL3`), or one
    /// address, nginx, balances them (where nginx is installed).
    enum Front: String, CaseIterable, Sendable {
        case serverList, nginx

        /// In CI (SIMULCAST_REQUIRE_SYSTEM_TESTS=1) the nginx variant runs, and fails without nginx.
        static var available: [Front] {
            NginxProcess.executable == nil && ProcessInfo.processInfo.environment["SIMULCAST_REQUIRE_SYSTEM_TESTS"] != "1" ? [.serverList] : allCases
        }
    }

    static func following(_ listener: LiveRoomTests.Listener, track: String, nearMs position: Double? = nil) async -> Bool {
        let audible = await listener.player.audibleNow()
        guard audible.trackId == track, audible.playing else { return false }
        guard let position else { return true }
        return abs(audible.positionMs - position) < 5_000
    }

    @Test(arguments: Front.available)
    func aNodeKilledMidTrackAndADatabaseRestart(front: Front) async throws {
        let database = try await TestPostgres.freshDatabase()
        var nodes: [ServeProcess] = []
        defer { nodes.forEach { $0.stop() } }
        for _ in 0..<3 { nodes.append(try await ServeProcess(databaseURL: TestPostgres.connectionString(database))) }
        let urls = nodes.map(\.baseURL)
        let nginx = front == .nginx ? try await NginxProcess(upstreams: nodes.map(\.port)) : nil
        defer { nginx?.stop() }
        let room = try await RoomsAPI(baseURL: urls[0], transport: .live).createRoom()
        // Each client lists every node, its own first, as `--server URL1,URL2,URL3` does; or all use nginx.
        func list(from first: Int) -> String { nginx?.baseURL ?? (0..<3).map { urls[(first + $0) % 3] }.joined(separator: ",") }
        let host = HostSession(
            client: RoomConnection(
                serverURL: list(from: 0), hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let onTwo = LiveRoomTests.listener(baseURL: list(from: 1), code: room.code, service: .spotify, clockOffsetMs: 2_500, seed: 1)
        let onThree = LiveRoomTests.listener(baseURL: list(from: 2), code: room.code, service: .spotify, clockOffsetMs: -1_300, seed: 2)
        let tasks = [Task { try await host.run() }, Task { try await onTwo.session.run() }, Task { try await onThree.session.run() }]
        defer { tasks.forEach { $0.cancel() } }
        #expect(
            await TestSupport.eventually {
                let two = await onTwo.session.status().connected
                let three = await onThree.session.status().connected
                return two && three
            })
        #expect(await TestSupport.eventually { (try? await RoomsAPI(baseURL: urls[2], transport: .live).room(code: room.code))?.state.hostConnected == true })
        #expect(await Poll.until { await host.isSynchronised })
        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000, queue: [Fixtures.sheLooksSoPerfect]))
        #expect(await TestSupport.eventually { await Self.following(onTwo, track: Fixtures.cestLaVie.id) })
        #expect(await TestSupport.eventually { await Self.following(onThree, track: Fixtures.cestLaVie.id) })
        for error in await LiveRoomTests.settle([onTwo, onThree], host: host, within: 40) {
            #expect(error.map { abs($0) < 40 } == true, "sync error \(String(describing: error)) ms")
        }

        // Node 2 dies mid-track: whoever was on it moves to another node and follows a seek.
        nodes[1].kill()
        let killed = ContinuousClock.now
        if front == .serverList {
            #expect(await TestSupport.eventually(5) { await !onTwo.session.status().connected })
        }
        #expect(
            await TestSupport.eventually(5) {
                let two = await onTwo.session.status().connected
                let three = await onThree.session.status().connected
                return two && three
            })
        #expect(ContinuousClock.now - killed < .seconds(5))
        try await host.apply(PlaybackEvent(event: .seek, positionMs: 120_000))
        #expect(await TestSupport.eventually(5) { await Self.following(onTwo, track: Fixtures.cestLaVie.id, nearMs: 120_000) })
        #expect(await TestSupport.eventually(5) { await Self.following(onThree, track: Fixtures.cestLaVie.id, nearMs: 120_000) })

        // PostgreSQL restarts under the two live nodes; they carry on without a restart of their own.
        try TestPostgres.restart()
        try await host.apply(PlaybackEvent(event: .skip))
        // A state refused while the database was away is sent again with the host's next heartbeat.
        #expect(await TestSupport.eventually(15) { await Self.following(onTwo, track: Fixtures.sheLooksSoPerfect.id) })
        #expect(await TestSupport.eventually(15) { await Self.following(onThree, track: Fixtures.sheLooksSoPerfect.id) })
        let stored = try #require(try await RoomsAPI(baseURL: urls[2], transport: .live).room(code: room.code))
        #expect(stored.state.track?.source == Fixtures.sheLooksSoPerfect)
        #expect(stored.state.hostConnected)
        // Node 1 still creates rooms: its pool reconnected.
        _ = try await RoomsAPI(baseURL: urls[0], transport: .live).createRoom()
        tasks.forEach { $0.cancel() }
    }
}
