/// What a simulated listener plays on.
public enum ListenerDevice: Hashable, Sendable {
    /// A player on the listener's device, with the scenario's start and seek latencies.
    case player
    /// The listener's Spotify app, followed through the Web API (Spotify Connect).
    case spotifyConnect(SimulatedConnectDevice.Configuration)
}
