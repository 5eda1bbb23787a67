/// One thing the host's player did, at an instant of this device's clock: what every host
/// source (Spotify, MPRIS, recognition, a playback script, stdin) hands its sink. Where the
/// source saw the position, the event carries it as an anchor; otherwise the host's
/// timeline says where playback stood. The script format (`PlaybackEvent`) becomes one of
/// these at its edge.
public struct HostEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable {
        /// Start `track` at the anchor's position (default 0).
        case play
        /// Pause (where the anchor says, else where the timeline is).
        case pause
        /// Resume (from the anchor when observed).
        case resume
        /// Jump within the current track.
        case seek
        /// The same playback, re-measured (a poll that found the player a little off its
        /// predicted position): moves the timeline like a seek, but is not an action.
        case reanchor
        /// Move on to `track`, or to the first queued track when none is given.
        case skip
        /// Replace the upcoming queue with `queue`.
        case queue
        /// Stop playing altogether.
        case stop
    }

    public var kind: Kind
    public var time: LocalTime
    /// Where the player stood at `time`, in ms, when the source saw it.
    public var positionMs: Double?
    public var track: TrackMetadata?
    public var queue: [TrackMetadata]?

    public init(_ kind: Kind, at time: LocalTime, track: TrackMetadata? = nil, positionMs: Double? = nil, queue: [TrackMetadata]? = nil) {
        self.kind = kind
        self.time = time
        self.positionMs = positionMs
        self.track = track
        self.queue = queue
    }

    /// The observed position as an anchor on this device's clock.
    public var anchor: LocalAnchor? { positionMs.map { LocalAnchor(positionMs: $0, at: time) } }
}
