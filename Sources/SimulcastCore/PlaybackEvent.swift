/// One thing a host's player did, as written in a playback script (JSON Lines) or sent
/// on stdin: `{"at": 12.5, "event": "seek", "positionMs": 60000}`.
public struct PlaybackEvent: Hashable, Codable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable {
        /// Start `track` at `positionMs` (default 0).
        case play
        /// Pause (at `positionMs` when the source observed it, else where the timeline is).
        case pause
        /// Resume (from `positionMs` when observed).
        case resume
        /// Jump within the current track to `positionMs`.
        case seek
        /// The same playback, re-measured at `positionMs` (a poll that found the player a little
        /// off its predicted position): moves the timeline like a seek, but is not an action.
        case reanchor
        /// Move on to `track`, or to the first queued track when none is given.
        case skip
        /// Replace the upcoming queue with `queue`.
        case queue
        /// Stop playing altogether.
        case stop
    }

    /// Seconds since the script started; nil means "now" (events typed or piped live).
    public var at: Double?
    public var event: Kind
    public var track: TrackMetadata?
    public var positionMs: Double?
    public var queue: [TrackMetadata]?

    public init(at: Double? = nil, event: Kind, track: TrackMetadata? = nil, positionMs: Double? = nil, queue: [TrackMetadata]? = nil) {
        self.at = at
        self.event = event
        self.track = track
        self.positionMs = positionMs
        self.queue = queue
    }
}
