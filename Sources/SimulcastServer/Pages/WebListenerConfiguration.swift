import Catalogs
import Rooms

/// What the web listener page at `/r/{code}` needs from the server's owner.
public struct WebListenerConfiguration: Sendable {
    /// Signs MusicKit developer tokens for the page; without it Apple Music is not offered.
    public var appleMusicSigner: AppleMusicDeveloperToken?
    /// A Spotify app's client id for listeners' PKCE login in the page (each listener's own
    /// token plays through the Web Playback SDK; without it they may paste a token).
    public var spotifyClientId: String?
    /// Origins (scheme://host[:port]) the page is served from behind a proxy; the address
    /// the request came to is always allowed.
    public var publicOrigins: [String]
    /// Developer tokens for the page live this long (seconds): short, as they reach browsers.
    public var developerTokenLifetimeSeconds: Int64
    /// Test mode: stand-ins for MusicKit JS and the Spotify SDK, served instead of the real
    /// ones. They ship with the test helpers, never in the server's bundle.
    public var testSDKs: WebTestSDKs?
    public var musicKitURL: String
    public var spotifySDKURL: String
    public var spotifyAccountsURL: String
    public var spotifyAPIURL: String
    /// Whether listeners may play on YouTube: the server matches songs to YouTube (a Data API
    /// key or an offline YouTube catalog).
    public var offersYouTube: Bool
    /// YouTube's IFrame Player API script; the tests point it at a stand-in.
    public var youtubeIFrameAPIURL: String

    public init(
        appleMusicSigner: AppleMusicDeveloperToken? = nil,
        spotifyClientId: String? = nil,
        publicOrigins: [String] = [],
        developerTokenLifetimeSeconds: Int64 = 1800,
        testSDKs: WebTestSDKs? = nil,
        musicKitURL: String = "https://js-cdn.music.apple.com/musickit/v3/musickit.js",
        spotifySDKURL: String = "https://sdk.scdn.co/spotify-player.js",
        spotifyAccountsURL: String = "https://accounts.spotify.com",
        spotifyAPIURL: String = "https://api.spotify.com",
        offersYouTube: Bool = false,
        youtubeIFrameAPIURL: String = "https://www.youtube.com/iframe_api"
    ) {
        self.appleMusicSigner = appleMusicSigner
        self.spotifyClientId = spotifyClientId
        self.publicOrigins = publicOrigins
        self.developerTokenLifetimeSeconds = developerTokenLifetimeSeconds
        self.testSDKs = testSDKs
        self.musicKitURL = musicKitURL
        self.spotifySDKURL = spotifySDKURL
        self.spotifyAccountsURL = spotifyAccountsURL
        self.spotifyAPIURL = spotifyAPIURL
        self.offersYouTube = offersYouTube
        self.youtubeIFrameAPIURL = youtubeIFrameAPIURL
    }
}
