import Rooms

/// Scripts that stand in for MusicKit JS and the Spotify Web Playback SDK in the web page's
/// tests, served at `/web/fake-musickit.js` and `/web/fake-spotify-player.js`.
public struct WebTestSDKs: Sendable {
    public static let musicKitPath = "/web/fake-musickit.js"
    public static let spotifyPlayerPath = "/web/fake-spotify-player.js"

    public var musicKitScript: String
    public var spotifyPlayerScript: String

    public init(musicKitScript: String, spotifyPlayerScript: String) {
        self.musicKitScript = musicKitScript
        self.spotifyPlayerScript = spotifyPlayerScript
    }

    /// The script served at `/web/{name}`, if `name` is one of the two.
    func script(named name: String) -> String? {
        switch "/web/" + name {
        case Self.musicKitPath: musicKitScript
        case Self.spotifyPlayerPath: spotifyPlayerScript
        default: nil
        }
    }
}
