import SimulcastCore
import Testing

@Suite struct ClockSyncTests {
    /// A sample from raw microseconds: t0 and t3 on the client's clock, t1 and t2 on the server's.
    static func sample(_ t0: Int64, _ t1: Int64, _ t2: Int64, _ t3: Int64) -> ClockSample {
        ClockSample(t0: LocalTime(micros: t0), t1: ServerTime(micros: t1), t2: ServerTime(micros: t2), t3: LocalTime(micros: t3))
    }

    @Test(arguments: [
        // (t0, t1, t2, t3) -> (offset, delay): symmetric paths recover the offset exactly.
        ((0, 1_000_050, 1_000_060, 110), (1_000_000, 100)),
        ((500, 400, 400, 700), (-200, 200)),
        // Asymmetric path: 80 µs out, 20 back -> offset off by half the asymmetry (30 µs).
        ((0, 1_000_080, 1_000_080, 100), (1_000_030, 100)),
    ])
    func sampleMaths(times: (Int64, Int64, Int64, Int64), expected: (Int64, Int64)) {
        let sample = Self.sample(times.0, times.1, times.2, times.3)
        #expect(sample.offset == expected.0)
        #expect(sample.roundTripDelay == expected.1)
    }

    /// A ping sent at client time `t` over a path whose legs take `out` and `back` µs, to a
    /// server whose clock is `offset` ahead and answers in 100 µs.
    static func exchange(at t: Int64, offset: Int64, out: Int64, back: Int64) -> ClockSample {
        let t1 = t + offset + out
        return sample(t, t1, t1 + 100, t + out + 100 + back)
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        /// (true offset, outbound leg, return leg), one exchange every 100 ms.
        var exchanges: [(offset: Int64, out: Int64, back: Int64)]
        var offset: Int64
        var uncertainty: Int64
        var description: String { name }
    }

    /// Each exchange bounds the offset between `t2 - t3` and `t1 - t0`; the estimate is the
    /// middle of what every exchange allows, and the truth lies within the uncertainty.
    @Test(arguments: [
        Case(
            name: "queueing on the return legs: the fastest leg each way bounds it",
            exchanges: [(5_000_000, 3_000, 40_000), (5_000_000, 2_000, 2_000), (5_000_000, 5_000, 90_000), (5_000_000, 1_000, 25_000)],
            offset: 4_999_500, uncertainty: 1_500),
        Case(
            name: "the lowest-delay exchange is lopsided (it alone would be 2 ms off)",
            exchanges: [(5_000_000, 1_000, 5_000), (5_000_000, 20_000, 500)],
            offset: 5_000_250, uncertainty: 750),
        Case(name: "one symmetric exchange", exchanges: [(5_000_000, 2_000, 2_000)], offset: 5_000_000, uncertainty: 2_000),
        Case(
            name: "exchanges that cannot all be right (the server's clock stepped): the lowest delay wins",
            exchanges: [(5_000_000, 1_000, 1_000), (6_000_000, 500, 500)],
            offset: 6_000_000, uncertainty: 500),
    ])
    func theOffsetLiesWhereEveryExchangeAgrees(_ test: Case) {
        var sync = ClockSync(window: 8)
        for (index, exchange) in test.exchanges.enumerated() {
            sync.add(Self.exchange(at: Int64(index) * 100_000, offset: exchange.offset, out: exchange.out, back: exchange.back))
        }
        #expect(sync.offset == test.offset)
        #expect(sync.uncertainty == test.uncertainty)
        #expect(sync.serverTime(at: 1_000) == ServerTime(micros: 1_000 + test.offset))
        #expect(sync.localTime(at: ServerTime(micros: 1_000 + test.offset)) == 1_000)
        let truth = test.exchanges.last!.offset
        #expect(abs(sync.offset! - truth) <= sync.uncertainty!)
    }

    @Test func forgetsSamplesOutsideTheWindow() {
        var sync = ClockSync(window: 2)
        sync.add(ClockSample(t0: 0, t1: 10, t2: 10, t3: 10))  // delay 10, offset 5
        sync.add(ClockSample(t0: 100, t1: 1_200, t2: 1_200, t3: 300))  // delay 200
        sync.add(ClockSample(t0: 400, t1: 1_500, t2: 1_500, t3: 600))  // delay 200
        #expect(sync.best?.roundTripDelay == 200)
    }

    @Test func ignoresSamplesWhereTimeRanBackwards() {
        var sync = ClockSync()
        sync.add(ClockSample(t0: 100, t1: 5, t2: 6, t3: 50))
        #expect(!sync.isSynchronised)
    }

    @Test func estimatesDrift() {
        // The client clock runs 40 ppm slow against the server: offset grows 40 µs per second.
        var sync = ClockSync(window: 4)
        let ppm = 40.0
        for second in 0..<240 {
            let client = Int64(second) * 1_000_000
            let server = 3_000_000 + client + Int64(Double(client) * ppm / 1_000_000)
            sync.add(Self.sample(client, server + 500, server + 500, client + 1_000))
        }
        let drift = try! #require(sync.driftPPM)
        #expect(abs(drift - ppm) < 1)
        // Converting a time 10 s after the last sample lands within a few µs of the truth.
        let later: Int64 = 250 * 1_000_000
        let truth = 3_000_000 + later + Int64(Double(later) * ppm / 1_000_000)
        #expect(abs(sync.serverTime(at: LocalTime(micros: later))!.micros - truth) < 50)
        // And back: the server's instant maps to the local one it came from.
        #expect(abs(sync.localTime(at: ServerTime(micros: truth))!.micros - later) < 50)
    }
}
