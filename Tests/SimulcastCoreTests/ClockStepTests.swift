import SimulcastCore
import Testing

/// A clock step (a laptop's sleep freezing the page's clock, an NTP correction of the server's
/// wall clock) makes the newest exchanges contradict the window. `ClockSync` must see it at
/// the first contradicting exchange, forget what came before, and fit drift only on what
/// follows; keeping the old samples left listeners seconds off for half an hour.
@Suite struct ClockStepTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// The client's clock runs this fast against the server's.
        var driftPPM: Double
        /// At exchange `at` (one every 2 s after a burst of 16, 40 ms apart), the server's
        /// clock minus the client's changes by `by` µs (positive: the client's clock fell
        /// behind, as a frozen clock does).
        var step: (at: Int, by: Int64)?
        var exchanges: Int
        var expectedSteps: Int
        var description: String { name }
    }

    /// Legs of 20-60 ms each way, lopsided at random, as on a phone's network.
    static func run(_ test: Case) -> (sync: ClockSync, truthAtEnd: (client: Int64, server: Int64), errors: [Int64]) {
        var random = SeededGenerator(seed: 7)
        var sync = ClockSync()
        var client: Int64 = 1_000_000_000
        var errors: [Int64] = []
        var end: (client: Int64, server: Int64) = (0, 0)
        for index in 0..<test.exchanges {
            let stepped = test.step.map { index >= $0.at ? $0.by : 0 } ?? 0
            func server(_ time: Int64) -> Int64 { time + 3_000_000 + Int64(Double(time) * test.driftPPM / 1_000_000) + stepped }
            let out = Int64.random(in: 20_000...60_000, using: &random)
            let back = Int64.random(in: 20_000...60_000, using: &random)
            let t1 = server(client + out)
            let t3 = client + out + 200 + back
            sync.add(ClockSample(t0: LocalTime(micros: client), t1: ServerTime(micros: t1), t2: ServerTime(micros: t1 + 200), t3: LocalTime(micros: t3)))
            let probe = t3 + 1_000
            errors.append((sync.serverTime(at: LocalTime(micros: probe))?.micros ?? 0) - server(probe))
            end = (probe, server(probe))
            client += index < 16 ? 40_000 : 2_000_000
        }
        return (sync, end, errors)
    }

    @Test(arguments: [
        Case(name: "no step, 50 ppm drift, 10 minutes of jitter: never a false step", driftPPM: 50, step: nil, exchanges: 316, expectedSteps: 0),
        Case(name: "a 1 ms step is within what drift may explain: absorbed", driftPPM: 0, step: (100, 1_000), exchanges: 200, expectedSteps: 0),
        Case(name: "a 1 s step of the server's clock", driftPPM: 40, step: (100, 1_000_000), exchanges: 400, expectedSteps: 1),
        Case(name: "a 1 s step back", driftPPM: 40, step: (100, -1_000_000), exchanges: 400, expectedSteps: 1),
        Case(name: "a 10-minute sleep of the page's clock", driftPPM: 40, step: (100, 600_000_000), exchanges: 400, expectedSteps: 1),
        Case(name: "a 60 ms step", driftPPM: 0, step: (100, 60_000), exchanges: 200, expectedSteps: 1),
    ])
    func aStepIsSeenAtOnceAndLeavesNoTail(_ test: Case) {
        let (sync, _, errors) = Self.run(test)
        #expect(sync.stepsDetected == test.expectedSteps)
        // Within 50 ms from three exchanges after the step on (a step smaller than one
        // exchange's own uncertainty shows only once a short leg bounds it), and never off
        // again for the rest of the session.
        let from = (test.step?.at ?? 16) + 3
        let off = errors.enumerated().filter { $0.offset >= from && abs($0.element) > 50_000 }.map(\.offset)
        #expect(off.isEmpty, "exchanges more than 50 ms off after the step: \(off.prefix(10))")
    }

    @Test func driftIsFittedOnlyOnExchangesAfterTheStep() {
        let test = Case(name: "drift", driftPPM: 40, step: (100, 1_000_000), exchanges: 400, expectedSteps: 1)
        let (sync, truth, _) = Self.run(test)
        let drift = try! #require(sync.driftPPM)
        // Through the step the fit gave 1,600 ppm; after it, 40 within what jittery legs allow.
        #expect(abs(drift - 40) < 15, "drift \(drift) ppm")
        #expect(abs(sync.serverTime(at: LocalTime(micros: truth.client))!.micros - truth.server) < 20_000)
    }

    @Test func aStepForgetsTheWindowAndTheDrift() {
        var sync = ClockSync(window: 8)
        for second in 0..<300 {
            let client = Int64(second) * 1_000_000
            let server = 3_000_000 + client + Int64(Double(client) * 40 / 1_000_000)
            sync.add(
                ClockSample(
                    t0: LocalTime(micros: client), t1: ServerTime(micros: server + 500), t2: ServerTime(micros: server + 500),
                    t3: LocalTime(micros: client + 1_000)))
        }
        #expect(sync.driftPPM != nil)
        let client: Int64 = 300_000_000
        let server = 3_000_000 + client + 12_000 + 5_000_000  // 5 s step
        sync.add(
            ClockSample(
                t0: LocalTime(micros: client), t1: ServerTime(micros: server + 500), t2: ServerTime(micros: server + 500), t3: LocalTime(micros: client + 1_000)
            ))
        #expect(sync.stepsDetected == 1)
        #expect(sync.samples.count == 1)
        #expect(sync.driftPPM == nil)
        #expect(sync.offset == server - client)
    }
}
