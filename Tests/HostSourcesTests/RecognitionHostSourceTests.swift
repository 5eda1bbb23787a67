import Fingerprint
import Foundation
import HostSources
import SimulcastCore
import SimulcastTesting
import Testing

/// The recognition source on a stream of synthesized sound with its own capture times.
@Suite struct RecognitionHostSourceTests {
    actor Recorder: HostEventSink {
        var events: [HostEvent] = []
        func apply(_ event: HostEvent) async throws { events.append(event) }
    }

    @Test func followsTheSoundAcrossTracksAndJumpsAndHoldsInSilence() async throws {
        let first = SyntheticMusic.track(seed: 11, seconds: 60)
        let second = SyntheticMusic.track(seed: 12, seconds: 60)
        var builder = FingerprintCatalogBuilder()
        try builder.add(CatalogTrack(path: "/music/first.flac", title: "First", artist: "Synth", seconds: 0), audio: first)
        try builder.add(CatalogTrack(path: "/music/second.flac", title: "Second", artist: "Synth", seconds: 0), audio: second)
        let recognizer = Recognizer(catalog: try FingerprintCatalog(data: builder.encoded()))

        // What the microphone hears: first from 20 s for 10 s, a jump to 45 s for 6 s, the
        // second track from 5 s for 10 s, then 5 s of silence. Half-second chunks.
        let segments: [AudioSamples] = [
            SyntheticMusic.excerpt(first, from: 20, seconds: 10), SyntheticMusic.excerpt(first, from: 45, seconds: 6),
            SyntheticMusic.excerpt(second, from: 5, seconds: 10), AudioSamples(samples: [Float](repeating: 0, count: 40_000), sampleRate: 8000),
        ]
        var chunks: [RecognitionHostSource.Chunk] = []
        var time: LocalTime = 1_000_000_000
        for segment in segments {
            for start in stride(from: 0, to: segment.samples.count, by: 4000) {
                let piece = Array(segment.samples[start..<min(segment.samples.count, start + 4000)])
                time = time.advanced(by: Int64(piece.count) * 125)  // µs per sample at 8 kHz
                chunks.append(.init(audio: AudioSamples(samples: piece, sampleRate: 8000), capturedAt: time))
            }
        }
        let recorder = Recorder()
        let source = RecognitionHostSource(recognizer: recognizer, sink: recorder)
        let stream = AsyncStream<RecognitionHostSource.Chunk> { continuation in
            for chunk in chunks { continuation.yield(chunk) }
            continuation.finish()
        }
        try await source.run(stream)
        let events = await recorder.events
        let kinds = events.map(\.kind)
        #expect(kinds.first == .play)
        #expect(events.first?.track?.id == "/music/first.flac")
        // The first answer comes once 3 s are heard: 20 s + 3 s into the first track.
        if let play = events.first, let position = play.positionMs {
            let heardSeconds = Double(LocalTime(micros: 1_000_000_000).distance(to: play.time)) / 1_000_000
            #expect(abs(position / 1000 - (20 + heardSeconds)) < 0.1, "position \(position) ms after \(heardSeconds) s")
        }
        let seek = try #require(events.first { $0.kind == .seek })
        let seekHeard = Double(LocalTime(micros: 1_000_000_000).distance(to: seek.time)) / 1_000_000
        #expect(abs(seek.positionMs! / 1000 - (45 + seekHeard - 10)) < 0.1)
        let secondPlay = try #require(events.first { $0.track?.id == "/music/second.flac" })
        #expect(secondPlay.kind == .play)
        #expect(kinds.last == .pause)
    }

    /// Issue 23: recognition's drift corrections went out as seeks, which listeners take for
    /// the host's action. Small corrections are re-anchors; a jump is still a seek.
    @Test(
        arguments: [
            (60_000.0, 60_100.0, nil), (60_000, 60_250, nil), (60_000, 60_300, .reanchor), (60_000, 59_200, .reanchor), (60_000, 61_990, .reanchor),
            (60_000, 62_000, .seek), (60_000, 30_000, .seek),
        ] as [(Double, Double, HostEvent.Kind?)])
    func aCorrectionIsAReanchorUnlessItIsAJump(predictedMs: Double, heardMs: Double, kind: HostEvent.Kind?) {
        #expect(RecognitionHostSource.correction(predictedMs: predictedMs, heardMs: heardMs, configuration: .init()) == kind)
    }
}
