/// The host's own player's queue, where accepted song requests go: the server-followed
/// Spotify host's (Web API), a CLI host's (printed, or an MPRIS player's track list).
public protocol HostQueue: Sendable {
    /// Adds `track` (on the player's own service) after what plays now. Throws a
    /// `HostQueueRefusal` when the player would not take it.
    func add(_ track: TrackMetadata) async throws(HostQueueRefusal)
}
