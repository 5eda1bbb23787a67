import SimulcastCore
import Testing

@Suite struct PlaybackPositionTests {
    @Test(arguments: [
        // (from, elapsed µs, playing, rate, expected)
        (1_000.0, Int64(500_000), true, 1.0, 1_500.0),
        (1_000, 500_000, false, 1, 1_000),  // paused: stays put
        (1_000, -20_000, true, 1, 980),  // a reading just before the anchor
        (0, 100_000_000, true, 1.000_05, 100_005),  // 50 ppm fast over 100 s
        (0, 100_000_000, true, 0.999_95, 99_995),
    ])
    func movesWithTimeOnlyWhilePlaying(from: Double, elapsed: Int64, playing: Bool, rate: Double, expected: Double) {
        #expect(abs(PlaybackPosition.after(from, elapsedMicros: elapsed, playing: playing, rate: rate) - expected) < 1e-6)
    }

    @Test func anchorsAndTheHostTimelineUseIt() throws {
        let anchor = PlaybackAnchor(positionMs: 42_000, at: 1_000_000)
        #expect(anchor.position(at: 3_000_000, playing: true) == PlaybackPosition.after(42_000, elapsedMicros: 2_000_000, playing: true))
        var host = HostPlayback()
        try host.apply(
            HostEvent(.play, at: 1_000_000, track: TrackMetadata(service: .spotify, id: "t", title: "T", artists: [], durationMs: 300_000), positionMs: 42_000))
        #expect(host.positionMs(at: 3_000_000) == anchor.position(at: 3_000_000, playing: true))
    }
}
