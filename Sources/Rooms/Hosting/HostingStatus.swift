import SimulcastCore

/// What the host page shows about a room's hosting from the server.
public enum HostingStatus: Hashable, Sendable {
    /// Nobody hosts from the server (the host uses the CLI, or stopped).
    case none
    /// Logged in; no node has picked the room up yet (it does within the node lease).
    case starting(MusicService)
    case following(MusicService)
    /// The service refused the saved login: the host must log in again.
    case refused(MusicService)
    /// The host took hosting back with a connection of their own (the CLI, another browser):
    /// the login is kept, unfollowed, until they stop hosting or log in again.
    case replaced(MusicService)
}
