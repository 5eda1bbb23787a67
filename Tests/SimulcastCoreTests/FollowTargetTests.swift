import Testing

@testable import SimulcastCore

/// The clock-to-target step: where the room is at an instant, and whether its track ended.
@Suite struct FollowTargetTests {
    static let t0 = ServerTime(micros: 1_700_000_000_000_000)
    static let track = TrackMetadata(service: .spotify, id: "a", title: "A", artists: ["X"], durationMs: 10_000)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var anchorMs: Double
        var playing: Bool
        var afterMs: Double
        var positionMs: Double
        var ended: Bool
        /// The listener's output latency: the player is aimed that far ahead.
        var outputLatencyMs = 0.0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "playing moves with the clock", anchorMs: 1_000, playing: true, afterMs: 500, positionMs: 1_500, ended: false),
        Case(name: "paused stays", anchorMs: 1_000, playing: false, afterMs: 500, positionMs: 1_000, ended: false),
        Case(name: "capped at the end", anchorMs: 9_800, playing: true, afterMs: 500, positionMs: 10_000, ended: true),
        Case(name: "exactly at the end has ended", anchorMs: 9_500, playing: true, afterMs: 500, positionMs: 10_000, ended: true),
        Case(name: "paused at the end is not an ended track", anchorMs: 10_000, playing: false, afterMs: 500, positionMs: 10_000, ended: false),
        Case(name: "before the anchor (a late reading) goes back", anchorMs: 1_000, playing: true, afterMs: -200, positionMs: 800, ended: false),
        Case(
            name: "Bluetooth: aimed where the room will be when the sound arrives", anchorMs: 1_000, playing: true, afterMs: 500, positionMs: 1_720,
            ended: false, outputLatencyMs: 220),
        Case(name: "paused: the latency changes nothing", anchorMs: 1_000, playing: false, afterMs: 500, positionMs: 1_000, ended: false, outputLatencyMs: 220),
        Case(
            name: "the player's end comes a latency before the ear's", anchorMs: 9_500, playing: true, afterMs: 300, positionMs: 10_000, ended: true,
            outputLatencyMs: 200),
        Case(
            name: "a negative offset aims behind the room", anchorMs: 1_000, playing: true, afterMs: 500, positionMs: 1_380, ended: false,
            outputLatencyMs: -120),
        Case(
            name: "never before the track's start (the host's ear has not heard it yet)", anchorMs: 0, playing: true, afterMs: -180, positionMs: 0,
            ended: false, outputLatencyMs: 30),
    ]

    @Test(arguments: cases) func target(_ c: Case) {
        let room = RoomState(
            seq: 1, track: RoomTrack(source: Self.track), anchor: PlaybackAnchor(positionMs: c.anchorMs, at: Self.t0), playing: c.playing, hostConnected: true)
        let goal = FollowTarget(room: room, at: Self.t0.advanced(byMilliseconds: c.afterMs), outputLatencyMs: c.outputLatencyMs)
        #expect(goal.positionMs == c.positionMs)
        #expect(goal.trackEnded == c.ended)
    }

    @Test func theTrackEndsWhereItsRemainingDurationRunsOut() {
        let room = RoomState(
            seq: 1, track: RoomTrack(source: Self.track), anchor: PlaybackAnchor(positionMs: 4_000, at: Self.t0), playing: true, hostConnected: true)
        #expect(FollowTarget.trackEnd(of: room, outputLatencyMs: 0) == Self.t0.advanced(byMilliseconds: 6_000))
        #expect(FollowTarget.trackEnd(of: room, outputLatencyMs: 250) == Self.t0.advanced(byMilliseconds: 5_750))
        var unknown = room
        unknown.track = RoomTrack(source: TrackMetadata(service: .spotify, id: "b", title: "B", artists: ["X"], durationMs: nil))
        #expect(FollowTarget.trackEnd(of: unknown, outputLatencyMs: 0) == nil)
    }
}
