import SimulcastCore

/// A listener's view for status lines and the demo table.
public struct ListenerStatus: Sendable {
    public var connected: Bool
    /// Clock sync has its first burst: room states are being followed.
    public var synchronised: Bool
    public var follow: FollowStatus
    public var sourceTrack: TrackMetadata?
    public var match: MatchResult?
    public var syncErrorMs: Double?
    public var clockUncertaintyMs: Double?
    public var correctionsThisTrack: Int
    /// The output latency the player is aimed by (the error above is at the ear), in ms.
    public var outputLatencyMs: Double
    /// A reaction someone sent in the last few seconds.
    public var reaction: Wire.RoomReaction?
}
