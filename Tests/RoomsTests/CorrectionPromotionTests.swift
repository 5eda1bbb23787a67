import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 22, seventh defect: the promotion rule (the hosts of 3 different rooms made the same
/// correction) was met by one client creating 3 rooms of its own, in 0.92 s. Now each host
/// correction must vouch (its room an hour old, with a listener) and the 3 must come from
/// different rooms and different client networks.
@Suite struct CorrectionPromotionTests {
    static let hour: Int64 = 3_600_000_000

    @Test(
        arguments: [
            (0, 1, false, "a room made just now"),
            (hour - 1, 5, false, "a minute short of an hour"),
            (hour, 0, false, "an hour old but nobody listening"),
            (hour, 1, true, "an hour old with a listener"),
            (hour * 24, 3, true, "a day old with listeners"),
        ] as [(Int64, Int, Bool, String)])
    func vouching(age: Int64, listeners: Int, vouches: Bool, why: String) {
        let now = ServerTime(micros: 10 * Self.hour)
        #expect(CorrectionPromotion().vouches(roomCreatedAt: now.advanced(by: -age), listeners: listeners, at: now) == vouches, "\(why)")
    }

    static func correction(_ room: String, _ network: String?, byHost: Bool = true) -> StoredCorrection {
        StoredCorrection(
            id: 0, key: MatchCacheKey(sourceService: .spotify, sourceId: "s", targetService: .appleMusic, storefront: "us"), targetId: "t", room: room,
            global: false, byHost: byHost, createdAt: 0, result: .matched(Fixtures.appleCestLaVie, confidence: 1, method: .correction, reasons: []),
            vouchingNetwork: network)
    }

    @Test(
        arguments: [
            ([("A", "n1"), ("B", "n1"), ("C", "n1")], false, "three rooms, one network: one client"),
            ([("A", "n1"), ("A", "n2"), ("A", "n3")], false, "three networks, one room"),
            ([("A", "n1"), ("B", "n2"), ("C", nil)], false, "a third that did not vouch"),
            ([("A", "n1"), ("B", "n2")], false, "two"),
            ([("A", "n1"), ("B", "n2"), ("C", "n3")], true, "three rooms from three networks"),
            ([("A", "n1"), ("B", "n1"), ("B", "n2"), ("C", "n3")], true, "repeats do not hide three independent ones"),
        ] as [([(String, String?)], Bool, String)])
    func promotion(_ corrections: [(String, String?)], promotes: Bool, why: String) {
        #expect(CorrectionPromotion().promotes(corrections.map { Self.correction($0.0, $0.1) }) == promotes, "\(why)")
    }

    @Test func anotherListenersCorrectionCountsForNothing() {
        let made = [Self.correction("A", "n1"), Self.correction("B", "n2"), Self.correction("C", "n3", byHost: false)]
        #expect(!CorrectionPromotion().promotes(made))
    }

    /// The whole path on one hub, in virtual time: three rooms an hour old with listeners, their
    /// hosts on three networks, promote; the same three corrections from one network, or in
    /// rooms made a minute earlier, do not.
    @Test(
        arguments: [
            (["203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24"], 3_600, true), (["203.0.113.0/24", "203.0.113.0/24", "203.0.113.0/24"], 3_600, false),
            (["203.0.113.0/24", "198.51.100.0/24", "192.0.2.0/24"], 60, false),
        ] as [([String], Int, Bool)])
    func onAHub(networks: [String], roomAgeSeconds: Int, promoted: Bool) async throws {
        let clock = ManualClock()
        let hub = RoomHub(
            store: InMemoryRoomStore(clock: clock), matchmaker: TestRooms.matchmaker, clock: clock, metrics: ServerMetrics(), logger: TestRooms.quietLogger)
        let codec = WireCodec()
        var rooms: [CreatedRoom] = []
        var connections: [InProcessRoomConnection] = []
        for _ in 0..<3 {
            let room = try await hub.createRoom()
            rooms.append(room)
            let listener = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await listener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"))))
            let host = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await host.receive(try codec.encode(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
            connections += [listener, host]
        }
        clock.advance(byMs: Double(roomAgeSeconds) * 1000)
        var last: StoredCorrection?
        for (index, room) in rooms.enumerated() {
            let now = clock.now().reinterpreted(as: ServerClockDomain.self)
            await connections[index * 2 + 1].receive(
                try codec.encode(.hostState(PlaybackSnapshot(track: Fixtures.sheLooksSoPerfect, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: now))))
            )
            last = try await hub.correct(
                MatchCorrection(
                    room: room.code, sourceService: .spotify, sourceId: Fixtures.sheLooksSoPerfect.id, targetService: .appleMusic, storefront: "us",
                    targetId: "am-slsp"),
                global: false, byHost: true, network: networks[index])
        }
        #expect(last?.global == promoted)
    }
}
