import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing

@testable import Rooms

/// Issue 22, sixth defect: the per-connection message limit was bypassed by reconnecting: one
/// client opened 292 host connections in 20 s and committed 682 states a second (34 times the
/// limit). The room now keeps the host's allowances, across connections, on its own clock.
@Suite struct HostReconnectLimitTests {
    struct Rig {
        let hub: RoomHub
        let room: CreatedRoom
        let clock: ManualClock
        let codec = WireCodec()

        init() async throws {
            clock = ManualClock()
            hub = RoomHub(
                store: InMemoryRoomStore(clock: clock), matchmaker: TestRooms.matchmaker, clock: clock, metrics: ServerMetrics(),
                logger: TestRooms.quietLogger)
            room = try await hub.createRoom()
        }

        /// What one connection was sent.
        final class Inbox: Sendable {
            let messages = Mutex<[WireMessage]>([])
            func withLock<T>(_ body: ([WireMessage]) -> T) -> T { messages.withLock { body($0) } }
        }

        /// A new host connection; what it was sent is collected.
        func connectHost() async -> (InProcessRoomConnection, Inbox) {
            let received = Inbox()
            let codec = self.codec
            let host = InProcessRoomConnection(
                hub: hub, code: room.code, deliver: { text in if let message = try? codec.decode(text) { received.messages.withLock { $0.append(message) } } },
                closed: { _, _ in })
            await host.receive(codec.text(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
            return (host, received)
        }

        func state(_ positionMs: Double) -> String {
            let now = clock.now().reinterpreted(as: ServerClockDomain.self)
            return codec.text(.hostState(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: PlaybackAnchor(positionMs: positionMs, at: now))))
        }
    }

    static func refusals(_ messages: [WireMessage]) -> Int {
        messages.filter { if case .error(let error) = $0 { error.code == .rateLimited } else { false } }.count
    }

    @Test func hostStatesAreCountedPerRoomAcrossReconnects() async throws {
        let rig = try await Rig()
        var refused = 0
        // Five connections, forty states each, all within the same instant.
        for _ in 0..<5 {
            let (host, received) = await rig.connectHost()
            for index in 0..<40 { await host.receive(rig.state(Double(index))) }
            refused += Self.refusals(received.withLock { $0 })
        }
        // The burst is 60: of 200 states, 140 are refused whatever the connection.
        #expect(refused == 140, "refused \(refused) of 200")
        // A second later, 20 more are taken.
        rig.clock.advance(byMs: 1_000)
        let (host, received) = await rig.connectHost()
        for index in 0..<25 { await host.receive(rig.state(Double(index))) }
        #expect(Self.refusals(received.withLock { $0 }) == 5)
    }

    @Test func hostReconnectsAreRateLimitedPerRoom() async throws {
        let rig = try await Rig()
        var outcomes: [Bool] = []
        for _ in 0..<12 {
            let (_, received) = await rig.connectHost()
            let welcomed = received.withLock { $0.contains { if case .welcome = $0 { true } else { false } } }
            outcomes.append(welcomed)
        }
        // Ten joins in a burst, then refused until the allowance returns (one each 5 s).
        #expect(outcomes == Array(repeating: true, count: 10) + [false, false], "\(outcomes)")
        rig.clock.advance(byMs: 5_000)
        let (_, received) = await rig.connectHost()
        #expect(received.withLock { $0.contains { if case .welcome = $0 { true } else { false } } })
    }
}
