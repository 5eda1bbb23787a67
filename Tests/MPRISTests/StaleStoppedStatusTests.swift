import SimulcastCore
import Testing

@testable import MPRIS

/// mpv-mpris 0.7 (Debian's) says "Stopped" after `loadfile` from idle while the file plays,
/// until the next pause: found with two real mpv players (issue 23). A track whose position
/// moves on is playing, whatever the status says; one that stands still is stopped.
@Suite struct StaleStoppedStatusTests {
    static let metadata = MPRISMetadata(
        trackObjectPath: "/0", lengthMicros: 20_000_000, title: "Song Number 1", artists: ["Test Artist"],
        url: "file:///music/Test%20Artist%20-%20Song%20Number%201.wav")

    static func read(_ fallback: inout FrozenPositionFallback, status: MPRISPlaybackStatus, positionMs: Int64, atMs: Double) -> PlayerPollContent {
        fallback.content(
            for: MPRISPlayer.State(metadata: metadata, status: status, positionMicros: positionMs * 1000, rate: 1),
            at: LocalTime(micros: 0).advanced(byMilliseconds: atMs))
    }

    static func isPlaying(_ content: PlayerPollContent) -> Bool? {
        if case .track(_, _, _, let playing) = content { return playing }
        return nil
    }

    @Test func aStoppedStatusWhosePositionMovesIsPlaying() {
        var fallback = FrozenPositionFallback()
        #expect(Self.isPlaying(Self.read(&fallback, status: .stopped, positionMs: 900, atMs: 1_000)) == nil)
        #expect(Self.isPlaying(Self.read(&fallback, status: .stopped, positionMs: 1_900, atMs: 2_000)) == true)
        #expect(Self.isPlaying(Self.read(&fallback, status: .stopped, positionMs: 2_900, atMs: 3_000)) == true)
    }

    @Test func aStoppedStatusThatStandsStillIsStopped() {
        var fallback = FrozenPositionFallback()
        _ = Self.read(&fallback, status: .stopped, positionMs: 900, atMs: 1_000)
        #expect(Self.isPlaying(Self.read(&fallback, status: .stopped, positionMs: 900, atMs: 2_000)) == nil)
        // Moving at a tenth of real time is not playing either.
        #expect(Self.isPlaying(Self.read(&fallback, status: .stopped, positionMs: 1_000, atMs: 3_000)) == nil)
    }

    @Test func theReportedStatusStandsOtherwise() {
        var fallback = FrozenPositionFallback()
        #expect(Self.isPlaying(Self.read(&fallback, status: .playing, positionMs: 900, atMs: 1_000)) == true)
        #expect(Self.isPlaying(Self.read(&fallback, status: .paused, positionMs: 900, atMs: 2_000)) == false)
    }
}
