import Foundation
import SimulcastClient
import SimulcastCore
import Testing

/// One schedule table for the room connection's timing (`ConnectionDriver`) and the web pages'
/// port of it (`Sources/SimulcastServer/Web/connection-driver.js`): opens, pings, clock steps
/// and closes are run through the Swift driver and recorded in
/// `Tests/Fixtures/connection-schedule.json`. Swift must reproduce the table, and node replays
/// it through the port (`Tests/WebJS/connection-schedule.test.js`): the same connection numbers
/// and ping waits, and each backoff within the ±20 % jitter of the port's.
/// `SIMULCAST_UPDATE_SNAPSHOTS=1` rewrites it after a deliberate change to the timing.
@Suite struct ConnectionScheduleTableTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/connection-schedule.json")

    struct Step: Codable, Equatable {
        var op: String
        var atMs: Double?
        var connection: Int?
        /// What the driver answered: the connection opened, or the wait in ms (nil: no ping).
        var opened: Int?
        var waitMs: Double?
    }

    struct Table: Codable, Equatable {
        var urls: [String]
        var steps: [Step]
    }

    /// An evening of one connection: a burst, a steady pace, a clock step, failed reconnects
    /// backing off to the cap, one that lasted, and the backoff starting over.
    static func run() -> Table {
        var driver = ConnectionDriver(urls: ["ws://a", "ws://b"])
        var random = SeededGenerator(seed: 7)
        var steps: [Step] = []
        func opened(_ ms: Double) {
            steps.append(Step(op: "opened", atMs: ms, opened: driver.opened(at: LocalTime(micros: Int64(ms * 1000)))))
        }
        func pings(_ count: Int, connection: Int? = nil) {
            for _ in 0..<count {
                let due = connection ?? driver.connection
                let wait = driver.pingDue(connection: due).map { Double($0.inMicroseconds) / 1000 }
                steps.append(Step(op: "pingDue", connection: due, waitMs: wait))
            }
        }
        func closed(_ ms: Double) {
            let wait = driver.closed(at: LocalTime(micros: Int64(ms * 1000)), using: &random)
            steps.append(Step(op: "closed", atMs: ms, waitMs: Double(wait.inMicroseconds) / 1000))
        }
        opened(0)
        pings(20)
        driver.clockStepped()
        steps.append(Step(op: "clockStepped"))
        pings(20)
        closed(60_000)
        for failed in 1...6 { closed(60_000 + Double(failed) * 1000) }
        opened(70_000)
        pings(3)
        pings(1, connection: 1)
        closed(75_000)
        opened(76_000)
        pings(2)
        closed(90_000)
        opened(91_000)
        pings(1)
        return Table(urls: driver.urls, steps: steps)
    }

    @Test func swiftReproducesTheTable() throws {
        if ProcessInfo.processInfo.environment["SIMULCAST_UPDATE_SNAPSHOTS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(Self.run()).write(to: Self.file)
        }
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: Self.file))
        #expect(table == Self.run())
        #expect(table.steps.contains { $0.op == "pingDue" && $0.waitMs == nil }, "a ping of a connection that ended")
        #expect(table.steps.filter { $0.op == "closed" }.count >= 8)
    }
}
