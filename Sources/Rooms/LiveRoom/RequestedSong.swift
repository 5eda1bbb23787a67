import SimulcastCore

/// A listener's requested song as the catalogs answered: found on the listener's service and
/// matched (or not) on the host's, or why it cannot be asked for.
enum RequestedSong: Sendable {
    case found(asked: TrackMetadata, match: MatchResult)
    /// No such song on the listener's service in their country.
    case notFound
    /// The server has no catalog for the listener's service.
    case noCatalog(MusicService)
    /// The listener's service did not answer in time.
    case unavailable
}
