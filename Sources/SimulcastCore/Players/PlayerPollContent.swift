/// What one poll of a player found.
public enum PlayerPollContent: Hashable, Sendable {
    /// Nothing is active (Spotify's 204, no MPRIS player).
    case nothing
    /// An advert plays: listeners hold.
    case advert
    case track(id: String, durationMs: Double?, progressMs: Double, playing: Bool)
}
