/// MPRIS `PlaybackStatus`, as the specification spells its three values.
public enum MPRISPlaybackStatus: String, Hashable, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"

    /// A value outside the specification is read as stopped: nothing is known to be playing.
    public init(reported: String?) {
        self = reported.flatMap(Self.init(rawValue:)) ?? .stopped
    }
}
