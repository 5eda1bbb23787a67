import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing

/// The YouTube driver's held seek: paused, sent, played a fixed hold later, so every seek
/// takes the same time (a seek while playing rebuffers for a random 300-600 ms). A command
/// given during the hold drops its play.
@Suite struct YouTubeIFramePlayerTests {
    /// An iframe that records the calls and says what state it is in.
    final class RecordingFrame: YouTubeIFrame {
        let log = Mutex<[String]>([])
        let state = Mutex(SteppedTimeReader.State.playing)
        var calls: [String] { log.withLock { $0 } }
        func loadVideo(id: String, startSeconds: Double) { log.withLock { $0.append("load \(id) \(startSeconds)") } }
        func cueVideo(id: String, startSeconds: Double) { log.withLock { $0.append("cue \(id) \(startSeconds)") } }
        func seek(toSeconds seconds: Double) { log.withLock { $0.append("seek \(seconds)") } }
        func playVideo() { log.withLock { $0.append("play") } }
        func pauseVideo() {
            log.withLock { $0.append("pause") }
            state.withLock { $0 = .paused }
        }
        func stopVideo() { log.withLock { $0.append("stop") } }
        func playerState() -> SteppedTimeReader.State { state.withLock { $0 } }
        func currentTime() -> Double { 0 }
        func takeStateChanges() -> [(state: SteppedTimeReader.State, at: LocalTime)] { [] }
    }

    /// Keeps the actions until the test runs them.
    final class HeldTimer: PlayerTimer {
        let held = Mutex<[(Duration, @Sendable () async -> Void)]>([])
        func run(after delay: Duration, _ action: @escaping @Sendable () async -> Void) { held.withLock { $0.append((delay, action)) } }
        func fire() async {
            for (_, action) in held.withLock({ held in
                defer { held = [] }; return held
            }) { await action() }
        }
    }

    @Test func aSeekWhilePlayingIsHeldThenPlays() async throws {
        let frame = RecordingFrame()
        let timer = HeldTimer()
        let player = YouTubeIFramePlayer(frame: frame, clock: ManualClock(), timer: timer)
        try await player.perform(.load(trackId: "v1", positionMs: 1_000, play: true))
        try await player.perform(.seek(positionMs: 61_500, play: true))
        #expect(frame.calls == ["load v1 1.0", "pause", "seek 61.5"])
        #expect(timer.held.withLock { $0.map(\.0) } == [SeekHold.minimum])
        await timer.fire()
        #expect(frame.calls.last == "play")
    }

    @Test func aCommandDuringTheHoldDropsItsPlay() async throws {
        let frame = RecordingFrame()
        let timer = HeldTimer()
        let player = YouTubeIFramePlayer(frame: frame, clock: ManualClock(), timer: timer)
        try await player.perform(.load(trackId: "v1", positionMs: 0, play: true))
        try await player.perform(.seek(positionMs: 30_000, play: true))
        try await player.perform(.pause)
        await timer.fire()
        #expect(!frame.calls.contains("play"), "\(frame.calls)")
    }

    @Test func aSeekWhilePausedStaysPaused() async throws {
        let frame = RecordingFrame()
        frame.state.withLock { $0 = .paused }
        let timer = HeldTimer()
        let player = YouTubeIFramePlayer(frame: frame, clock: ManualClock(), timer: timer)
        try await player.perform(.load(trackId: "v1", positionMs: 0, play: false))
        try await player.perform(.seek(positionMs: 30_000, play: false))
        #expect(frame.calls == ["cue v1 0.0", "seek 30.0"])
        #expect(timer.held.withLock { $0.isEmpty })
    }

    /// On a slow network a seek buffers longer than the hold: the hold grows past the slowest
    /// buffering seen lately (plus 100 ms), and comes back down once the slow ones are forgotten.
    @Test(
        arguments: [
            (bufferings: [Double](), holdMs: 700.0),
            (bufferings: [450, 520, 380], holdMs: 700),
            (bufferings: [450, 1_100, 380], holdMs: 1_200),
            (bufferings: [1_100, 400, 400, 400, 400, 400, 400, 400, 400], holdMs: 700),
        ] as [(bufferings: [Double], holdMs: Double)])
    func theHoldOutlastsTheSlowestBufferingSeenLately(bufferings: [Double], holdMs: Double) {
        var hold = SeekHold()
        var now = LocalTime(micros: 1_000_000)
        for buffering in bufferings {
            hold.sent(at: now)
            hold.stateChanged(to: .paused, at: now)  // the pause before the seek is no buffering
            hold.stateChanged(to: .buffering, at: now)
            now = now.advanced(byMilliseconds: buffering)
            hold.stateChanged(to: .paused, at: now)
            now = now.advanced(byMilliseconds: 5_000)
        }
        #expect(hold.duration == .milliseconds(holdMs))
    }

    @Test func theFollowFiguresAreTheHold() {
        #expect(YouTubeIFramePlayer.followConfiguration(storefront: "us").defaultSeekLatencyMs == 700)
    }
}
