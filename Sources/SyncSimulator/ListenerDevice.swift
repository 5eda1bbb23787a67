/// What a simulated listener plays on.
public enum ListenerDevice: Hashable, Sendable {
    /// A player on the listener's device, with the scenario's start and seek latencies.
    case player
    /// The listener's Spotify app, followed through the Web API (Spotify Connect).
    case spotifyConnect(SimulatedConnectDevice.Configuration)
    /// YouTube's embedded player on the listener page (no sign-in), followed through its
    /// IFrame API by `YouTubeIFramePlayer`.
    case youTube(SimulatedYouTubeIFrame.Configuration)
}
