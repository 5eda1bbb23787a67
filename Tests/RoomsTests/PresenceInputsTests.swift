import SimulcastCore
import Testing

@testable import Rooms

@Suite struct PresenceInputsTests {
    static let song = RoomTrack(source: TrackMetadata(service: .spotify, id: "a", title: "A", artists: ["X"], durationMs: 200_000))
    static let other = RoomTrack(source: TrackMetadata(service: .spotify, id: "b", title: "B", artists: ["X"], durationMs: 180_000))

    static func inputs(connections: Int = 3, seq: Int = 7, track: RoomTrack? = song, playing: Bool = true, host: Bool = true, positionMs: Double = 0)
        -> PresenceInputs
    {
        var state = RoomState(
            seq: seq, track: track, anchor: PlaybackAnchor(positionMs: positionMs, at: ServerTime(micros: 0)), playing: playing, hostConnected: host)
        state.hostName = "Ana"
        return PresenceInputs(connections: connections, state: state)
    }

    @Test(arguments: [
        ("the same state", inputs(), true),
        ("a newer state that only moved the position", inputs(seq: 8, positionMs: 5_000), true),
        ("a connection came or changed", inputs(connections: 4), false),
        ("another song", inputs(seq: 8, track: other), false),
        ("no song", inputs(seq: 8, track: nil), false),
        ("paused", inputs(seq: 8, playing: false), false),
        ("the host gone", inputs(seq: 8, host: false), false),
    ])
    func presenceIsWorkedOutAgainOnlyForWhatItShows(change: String, next: PresenceInputs, same: Bool) {
        #expect(next.showTheSame(as: Self.inputs()) == same, "\(change)")
    }
}
