import Testing

@testable import SimulcastCore

/// The rate learner: a clean line over 30 s is a rate; noise or too little time is not.
@Suite struct RateLearnerTests {
    static let t0 = ServerTime(micros: 1_700_000_000_000_000)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var seconds: Int
        var slope: Double
        var noiseMs: Double
        var learned: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "50 ppm over 40 s", seconds: 40, slope: 0.05, noiseMs: 0, learned: true),
        Case(name: "too short: 20 s", seconds: 20, slope: 0.05, noiseMs: 0, learned: false),
        Case(name: "noise larger than the drift", seconds: 40, slope: 0.01, noiseMs: 8, learned: false),
        Case(name: "implausibly fast (0.6 ms/s)", seconds: 40, slope: 0.6, noiseMs: 0, learned: false),
    ]

    @Test(arguments: cases) func learns(_ c: Case) {
        var learner = RateLearner()
        for tenth in 0...(c.seconds * 10) {
            let noise = tenth % 2 == 0 ? c.noiseMs : -c.noiseMs
            learner.record(Double(tenth) / 10 * c.slope + noise, at: Self.t0.advanced(byMilliseconds: Double(tenth) * 100))
        }
        if c.learned {
            #expect(abs((learner.msPerSecond ?? 0) - c.slope) < 1e-9)
        } else {
            #expect(learner.msPerSecond == nil)
        }
    }

    @Test func theAimSplitsTheDriftAndIsBounded() {
        var learner = RateLearner()
        #expect(learner.aimMs(durationMs: 200_000, positionMs: 0) == 0)
        for tenth in 0...400 { learner.record(Double(tenth) / 10 * 0.05, at: Self.t0.advanced(byMilliseconds: Double(tenth) * 100)) }
        // 0.05 ms/s over 100 s left: 2.5 ms behind.
        #expect(abs(learner.aimMs(durationMs: 200_000, positionMs: 100_000) - 2.5) < 1e-9)
        // An hour left would be 90 ms: held to 10.
        #expect(learner.aimMs(durationMs: 3_700_000, positionMs: 100_000) == 10)
        #expect(learner.aimMs(durationMs: nil, positionMs: 0) == 0)
        learner.forget()
        #expect(learner.msPerSecond == nil)
    }
}
