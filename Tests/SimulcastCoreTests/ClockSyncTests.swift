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

    @Test func trustsTheSampleWithTheLowestDelay() {
        var sync = ClockSync(window: 8)
        // True offset 5 s. Queueing delays the return leg of most samples, skewing them.
        let delays: [(out: Int64, back: Int64)] = [(3_000, 40_000), (2_000, 2_000), (5_000, 90_000), (1_000, 25_000)]
        var t: Int64 = 0
        for d in delays {
            let t1 = t + 5_000_000 + d.out
            sync.add(Self.sample(t, t1, t1 + 100, t + d.out + 100 + d.back))
            t += 100_000
        }
        #expect(sync.offset == 5_000_000)
        #expect(sync.uncertainty == 2_000)
        #expect(sync.serverTime(at: 1_000) == 5_001_000)
        #expect(sync.localTime(at: 5_001_000) == 1_000)
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
