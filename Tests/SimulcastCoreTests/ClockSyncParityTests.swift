import Foundation
import SimulcastCore
import Testing

/// The web page's clock sync (`follow.js`) is a port of `ClockSync`: a session of exchanges
/// (a server 5 s ahead, its clock 150 ppm fast, jittery lopsided legs, three clock steps: 400 ms,
/// a 10-minute sleep of the client's clock, 1 s back) goes
/// through the Swift type, and follow.js under node must give the same estimate after every
/// exchange, to the microsecond.
@Suite struct ClockSyncParityTests {
    struct Step: Encodable {
        var sample: [Int64]
        var probe: Int64
        var serverProbe: Int64
        var offset: Int64?
        var uncertainty: Int64?
        var serverTime: Int64?
        var localTime: Int64?
        var stepsDetected: Int
    }

    struct Table: Encodable {
        var window: Int
        var steps: [Step]
    }

    static func table() -> Table {
        var random = SeededGenerator(seed: 42)
        var sync = ClockSync()
        var steps: [Step] = []
        var client: Int64 = 1_795_372_800_000_000
        for index in 0..<400 {
            // The server clock: 5 s ahead, 150 ppm fast; 400 ms further from exchange 100, then
            // the client's clock frozen for 10 minutes (as a sleeping laptop's page), then 1 s back.
            let stepped: Int64 = (index >= 100 ? 400_000 : 0) + (index >= 150 ? 600_000_000 : 0) + (index >= 220 ? -1_000_000 : 0)
            func server(_ time: Int64) -> Int64 {
                time + 5_000_000 + Int64(Double(time - 1_795_372_800_000_000) * 150 / 1_000_000) + stepped
            }
            let out = Int64.random(in: 20_000...120_000, using: &random)
            let back = Int64.random(in: 30_000...200_000, using: &random)
            let t1 = server(client + out)
            let t2 = t1 + Int64.random(in: 10...300, using: &random)
            let t3 = client + out + (t2 - t1) + back
            let sample = ClockSample(t0: LocalTime(micros: client), t1: ServerTime(micros: t1), t2: ServerTime(micros: t2), t3: LocalTime(micros: t3))
            sync.add(sample)
            let probe = t3 + 12_345
            let serverProbe = server(probe)
            steps.append(
                Step(
                    sample: [client, t1, t2, t3], probe: probe, serverProbe: serverProbe, offset: sync.offset, uncertainty: sync.uncertainty,
                    serverTime: sync.serverTime(at: LocalTime(micros: probe))?.micros, localTime: sync.localTime(at: ServerTime(micros: serverProbe))?.micros,
                    stepsDetected: sync.stepsDetected))
            client += index < 16 ? 50_000 : 2_000_000
        }
        return Table(window: ClockSync.defaultWindow, steps: steps)
    }

    @Test(.enabled(if: NodeScript.node != nil, "needs node"))
    func followJSEstimatesAsSwiftDoes() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("clocksync-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONEncoder().encode(Self.table()).write(to: file)
        let (status, output) = try NodeScript.run("clocksync.js", file.path)
        #expect(status == 0, "follow.js's ClockSync differs from the Swift one:\n\(output)")
        #expect(output.contains("400 estimates agree"))
    }

    /// The session is hard enough to matter: every step is seen, and the estimate is near the
    /// truth at the end.
    @Test func theSessionIsRealistic() {
        let table = Self.table()
        #expect(table.steps.last!.stepsDetected == 3)
        let last = table.steps.last!
        #expect(abs(last.localTime! - last.probe) < 5_000, "within 5 ms at the end: \(last.localTime! - last.probe) µs")
    }
}
