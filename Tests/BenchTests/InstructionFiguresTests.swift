import Testing

@testable import simulcast_bench

/// Two counts made from known costs give those costs back.
@Suite struct InstructionFiguresTests {
    /// A server whose delivery costs `delivery`, host message `host`, join `join` and idle
    /// second `idle`, counted over phases of the given lengths.
    static func count(
        listeners: Int, rooms: Int = 2, states: Int = 10, delivery: Int = 5_000, host: Int = 600_000, join: Int = 1_000_000, idle: Int = 3_000,
        idlePerListener: Int = 7
    )
        -> InstructionCount
    {
        let idle = idle + idlePerListener * listeners * rooms
        let joinsSeconds = 4.0
        let publishingSeconds = 8.0
        return InstructionCount(
            listenersPerRoom: listeners, rooms: rooms, statesPerRoom: states,
            joins: listeners * rooms * join + Int(Double(idle) * joinsSeconds), joinsSeconds: joinsSeconds,
            publishing: listeners * rooms * states * delivery + rooms * states * host + Int(Double(idle) * publishingSeconds),
            publishingSeconds: publishingSeconds,
            idle: idle * 10, idleSeconds: 10, publishingShares: [], publishingHeaviest: [])
    }

    @Test func knownCostsComeBack() throws {
        let figures = try InstructionFigures(small: Self.count(listeners: 50), large: Self.count(listeners: 250))
        #expect(abs(figures.perDelivery - 5_000) < 0.001)
        #expect(abs(figures.perHostMessage - 600_000) < 0.001)
        #expect(abs(figures.perJoin - 1_000_000) < 0.001)
        #expect(abs(figures.perExtraJoin - 1_000_000) < 0.001)
        #expect(abs(figures.idlePerSecond - 6_500) < 0.001)
        #expect(abs(figures.idlePerListenerSecond - 7) < 0.001)
    }

    @Test func countsThatDifferInMoreThanListenersAreRefused() {
        #expect(throws: BenchError.self) { try InstructionFigures(small: Self.count(listeners: 250), large: Self.count(listeners: 50)) }
        #expect(throws: BenchError.self) { try InstructionFigures(small: Self.count(listeners: 50, states: 5), large: Self.count(listeners: 250)) }
    }
}
