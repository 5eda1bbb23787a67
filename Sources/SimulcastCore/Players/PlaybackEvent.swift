/// One thing a host's player did, as written in a playback script (JSON Lines) or sent
/// on stdin: `{"at": 12.5, "event": "seek", "positionMs": 60000}`. The format only: it
/// becomes a `HostEvent` at the script's edge (`hostEvent(at:)`).
public struct PlaybackEvent: Hashable, Codable, Sendable {
    public typealias Kind = HostEvent.Kind

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

    /// The event as it happens at `time` on this device's clock (the caller turns `at` into it).
    public func hostEvent(at time: LocalTime) -> HostEvent {
        HostEvent(event, at: time, track: track, positionMs: positionMs, queue: queue)
    }
}
