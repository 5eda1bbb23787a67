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

/// Several server nodes in this process, each with its own PostgreSQL pool and listening
/// connection on one database: what one node accepts reaches listeners on every node.
@Suite(.serialized, .enabled(if: TestPostgres.isAvailable)) struct MultiNodeTests {
    struct Cluster {
        var nodes: [LocalServer]
        var ports: [Int]

        func url(_ index: Int) -> String { "http://127.0.0.1:\(ports[index])" }

        func stop() async {
            for node in nodes { await node.stop() }
        }
    }

    static func cluster(_ count: Int) async throws -> Cluster {
        let database = try await TestPostgres.freshDatabase()
        var nodes: [LocalServer] = []
        var ports: [Int] = []
        for _ in 0..<count {
            let node = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
                try await TestPostgres.store(database, logger: TestSupport.quietLogger)
            }
            ports.append(try await node.start())
            nodes.append(node)
        }
        return Cluster(nodes: nodes, ports: ports)
    }

    static func snapshot(_ positionMs: Double, track: TrackMetadata = Fixtures.cestLaVie) -> WireMessage {
        .hostState(PlaybackSnapshot(track: track, playing: true, anchor: PlaybackAnchor(positionMs: positionMs, at: SystemClock().serverClockNow())))
    }

    /// Waits until every node has heard of `room` at `seq` or later (its listening connection is up).
    static func untilListenersSee(_ peers: [WirePeer], seq: Int) async -> Bool {
        await TestSupport.eventually {
            for peer in peers where (await peer.states.last?.seq ?? -1) < seq { return false }
            return true
        }
    }

    @Test func aHostOnOneNodeAndListenersOnTwoOthersStayInSync() async throws {
        let cluster = try await Self.cluster(3)
        let room = try await RoomsAPI(baseURL: cluster.url(0), transport: .live).createRoom()
        let host = HostSession(
            client: RoomConnection(
                serverURL: cluster.url(0), hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger))
        let apple = LiveRoomTests.listener(baseURL: cluster.url(1), code: room.code, service: .appleMusic, clockOffsetMs: 2_500, seed: 1)
        let deezer = LiveRoomTests.listener(baseURL: cluster.url(2), code: room.code, service: .deezer, clockOffsetMs: -900, seed: 12)
        let tasks = [Task { try await host.run() }, Task { try await apple.session.run() }, Task { try await deezer.session.run() }]
        defer { tasks.forEach { $0.cancel() } }
        // A raw listener on the third node records every state it is sent.
        let watcher = await WirePeer.connect(port: cluster.ports[2], room: room.code, hello: RawPeer.hello(.listener, room: room.code, service: .appleMusic))
        #expect(
            await TestSupport.eventually {
                let appleSynchronised = await apple.session.status().synchronised
                let deezerSynchronised = await deezer.session.status().synchronised
                return await host.isSynchronised && appleSynchronised && deezerSynchronised
            })
        #expect(
            await TestSupport.eventually { (try? await RoomsAPI(baseURL: cluster.url(2), transport: .live).room(code: room.code))?.state.hostConnected == true }
        )

        try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000, queue: [Fixtures.sheLooksSoPerfect]))
        #expect(await TestSupport.eventually { await apple.player.audibleNow().trackId == Fixtures.appleCestLaVie.id })
        #expect(await TestSupport.eventually { await deezer.player.audibleNow().trackId == "dz-cest" })
        for (name, error) in zip(["apple", "deezer"], await LiveRoomTests.settle([apple, deezer], host: host, within: 40)) {
            #expect(error.map { abs($0) < 40 } == true, "\(name): sync error \(String(describing: error)) ms")
        }
        try await host.apply(PlaybackEvent(event: .pause))
        #expect(await TestSupport.eventually(3) { await !apple.player.audibleNow().playing })
        #expect(await TestSupport.eventually(3) { await !deezer.player.audibleNow().playing })

        // Matches made on two nodes for two services, one seq across nodes, never backwards.
        let seqs = await watcher.states.map(\.seq)
        #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "\(seqs)")
        let final = try #require(try await RoomsAPI(baseURL: cluster.url(1), transport: .live).room(code: room.code))
        #expect(final.state.track?.match(for: .appleMusic, storefront: "us")?.status == .matched)
        #expect(final.state.track?.match(for: .deezer, storefront: "us")?.status == .matched)
        #expect(!final.state.playing)
        await watcher.disconnect()
        tasks.forEach { $0.cancel() }
        await cluster.stop()
    }

    /// The same host token on two nodes: the later connection takes over, the earlier one is
    /// closed with 4409, and listeners see one sequence of states, never going backwards.
    @Test func twoHostConnectionsWithOneTokenOnTwoNodes() async throws {
        let cluster = try await Self.cluster(3)
        let room = try await RoomsAPI(baseURL: cluster.url(0), transport: .live).createRoom()
        let listeners = [
            await WirePeer.connect(port: cluster.ports[1], room: room.code, hello: RawPeer.hello(.listener, room: room.code)),
            await WirePeer.connect(port: cluster.ports[2], room: room.code, hello: RawPeer.hello(.listener, room: room.code)),
        ]
        let first = await WirePeer.connect(port: cluster.ports[0], room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        #expect(await Self.untilListenersSee(listeners, seq: 1))
        // The first host publishes positions below 100 s, the second above 500 s.
        for step in 0..<5 {
            await first.send(Self.snapshot(Double(step) * 1_000))
        }
        #expect(await Self.untilListenersSee(listeners, seq: 6))
        let second = await WirePeer.connect(port: cluster.ports[1], room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        // Both keep sending at once; the first learns it was replaced only when it hears of the takeover.
        for step in 0..<20 {
            await first.send(Self.snapshot(Double(10 + step) * 1_000))
            await second.send(Self.snapshot(500_000 + Double(step) * 1_000))
        }
        #expect(await TestSupport.eventually { await first.closed })
        #expect(await first.closeCode == 4409)
        #expect(await first.errors.contains(.hostReplaced))
        #expect(
            await TestSupport.eventually {
                for listener in listeners where await listener.states.last?.anchor.positionMs != 519_000 { return false }
                return true
            })
        for listener in listeners {
            let states = await listener.states
            let seqs = states.map(\.seq)
            #expect(seqs == seqs.sorted() && Set(seqs).count == seqs.count, "seq went backwards or repeated: \(seqs)")
            // Once the second host's state arrived, nothing of the first's followed.
            let positions = states.map(\.anchor.positionMs)
            if let takeover = positions.firstIndex(where: { $0 >= 500_000 }) {
                #expect(positions[takeover...].allSatisfy { $0 >= 500_000 }, "\(positions)")
            } else {
                Issue.record("the second host's states never arrived")
            }
        }
        // The database holds the second host's claim and its last state.
        let stored = try #require(try await RoomsAPI(baseURL: cluster.url(2), transport: .live).room(code: room.code))
        #expect(stored.state.anchor.positionMs == 519_000)
        #expect(stored.state.hostConnected)
        for peer in listeners + [second] { await peer.disconnect() }
        await cluster.stop()
    }

    /// A node going away: its listeners reconnect to the next server in their list and
    /// follow the room's latest state; a host left on a dead node is shown as gone.
    @Test func listenersMoveToTheNextNodeAndTheRoomKeepsItsState() async throws {
        let cluster = try await Self.cluster(3)
        let room = try await RoomsAPI(baseURL: cluster.url(0), transport: .live).createRoom()
        let host = await WirePeer.connect(port: cluster.ports[0], room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        let listener = LiveRoomTests.listener(
            baseURL: "\(cluster.url(1)),\(cluster.url(2))", code: room.code, service: .appleMusic, clockOffsetMs: 300, seed: 13)
        let task = Task { try await listener.session.run() }
        defer { task.cancel() }
        #expect(await TestSupport.eventually { await listener.session.status().connected })
        await host.send(Self.snapshot(42_000))
        #expect(await TestSupport.eventually { await listener.player.audibleNow().trackId == Fixtures.appleCestLaVie.id })

        await cluster.nodes[1].stop()
        #expect(await TestSupport.eventually { await !listener.session.status().connected })
        #expect(await TestSupport.eventually { await listener.session.status().connected })
        // Now on node 3: a change made on node 1 reaches it there.
        await host.send(Self.snapshot(90_000, track: Fixtures.sheLooksSoPerfect))
        #expect(await TestSupport.eventually { await listener.player.audibleNow().trackId == Fixtures.appleSheLooksSoPerfect.id })
        await host.disconnect()
        #expect(
            await TestSupport.eventually {
                (try? await RoomsAPI(baseURL: cluster.url(2), transport: .live).room(code: room.code))?.state.hostConnected == false
            })
        task.cancel()
        await cluster.stop()
    }

    /// A host claim left by a node that died without a word (no heartbeat any more) is
    /// released within the lease: the room shows its host gone, on every node.
    @Test func aDeadNodesHostIsReleasedWithinTheLease() async throws {
        let database = try await TestPostgres.freshDatabase()
        var configuration = ServerConfiguration()
        configuration.expiry = .init(nodeLease: .seconds(1), heartbeatInterval: .milliseconds(200))
        let node = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration) {
            try await TestPostgres.store(database, logger: TestSupport.quietLogger)
        }
        let port = try await node.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        // A node that took the room's host and then vanished: its heartbeat ran out long ago.
        let outside = try await TestPostgres.store(database, listen: false)
        try await outside.heartbeat(node: "vanished", lease: .milliseconds(1))
        var state = try #require(try await outside.room(code: room.code)).state
        state.hostConnected = true
        state.seq += 1
        let claimed = try await outside.commitState(
            StateCommit(
                code: room.code, state: state, encoded: WireCodec().encode(.roomState(state)), expectedSeq: state.seq - 1,
                claim: .taking(HostClaim(node: "vanished", connection: 7)), at: 1))
        #expect(claimed.isCommitted)
        let started = ContinuousClock.now
        // Nobody has the room loaded: the heartbeat loop's scan releases it.
        #expect(await TestSupport.eventually(5) { (try? await outside.room(code: room.code))?.state.hostConnected == false })
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(try await outside.room(code: room.code)?.hostClaim == nil)
        try await outside.close()
        await node.stop()
    }
}
