import SimulcastCore

/// What the listener page shows about a follow from the server.
public enum ListenerFollowStatus: Hashable, Sendable {
    /// Logged in; no node has picked the follow up yet (it does within the node lease).
    case starting(MusicService)
    case following(MusicService)
    /// The service refused the saved login, or refuses to play for this account (not
    /// Premium): the server stopped following.
    case refused(MusicService)
}
