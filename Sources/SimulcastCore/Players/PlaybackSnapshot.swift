/// What the host is playing right now: the payload of `host.state`.
public struct PlaybackSnapshot: Hashable, Codable, Sendable {
    public var track: TrackMetadata?
    public var playing: Bool
    /// The host's position, already converted to server time by the host's clock sync.
    public var anchor: PlaybackAnchor
    /// Upcoming tracks, when the host's source knows them.
    public var queue: [TrackMetadata]?
    /// An action, or a re-anchor of the same playback; absent from older hosts.
    public var intent: PlaybackIntent?
    /// The host's output latency (player to ear) in ms, already in the anchor, which says
    /// what the host hears; for display. Absent: zero (older hosts).
    public var outputLatencyMs: Double?

    public init(
        track: TrackMetadata?, playing: Bool, anchor: PlaybackAnchor, queue: [TrackMetadata]? = nil, intent: PlaybackIntent? = nil,
        outputLatencyMs: Double? = nil
    ) {
        self.track = track
        self.playing = playing
        self.anchor = anchor
        self.queue = queue
        self.intent = intent
        self.outputLatencyMs = outputLatencyMs
    }
}
