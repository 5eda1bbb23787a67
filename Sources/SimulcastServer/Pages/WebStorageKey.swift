/// What the web pages keep in the browser's storage, named once. The pages read these names
/// from `Web/constants.js` (generated from here, with a test that fails on drift); the browser
/// tests use them too.
public enum WebStorageKey {
    /// localStorage: the service this browser chose last ("apple-music", "spotify").
    public static let service = "simulcast.service"
    /// localStorage: how a Spotify listener plays: "app" (their own Spotify app, through
    /// Spotify Connect) or "browser" (the Web Playback SDK in the page).
    public static let spotifyMode = "simulcast.spotifyMode"
    /// localStorage, plus the room's code: the listener's follow from the server (its id, its
    /// token, a secret, and the device's name), kept while the follow lasts.
    public static let followPrefix = "simulcast.follow."
    /// localStorage: "1" when the listener prefers clean versions where there is one.
    public static let preferClean = "simulcast.preferClean"
    /// localStorage: "1" when a listener takes a song their own service lacks from YouTube.
    public static let youtubeFallback = "simulcast.youtubeFallback"
    /// localStorage: the listener's volume, 0 to 1.
    public static let volume = "simulcast.volume"
    /// localStorage: the name a listener shows the room.
    public static let listenerName = "simulcast.name"
    /// localStorage: the name a host gives their rooms.
    public static let hostName = "simulcast.hostName"
    /// localStorage, plus the room's code: the room's host token (a secret), kept only while of
    /// use and removed when the room or the hosting ends.
    public static let hostTokenPrefix = "simulcast.host."
    /// localStorage, plus the room's code: "apple-music" when the host page itself plays.
    public static let hostModePrefix = "simulcast.hostMode."
    /// localStorage, plus the room's code: song requests on the host page, as JSON:
    /// `queueScope` (the server's Spotify login for the room may add to the host's queue) and
    /// `pending` (the policy to set once back from the login that asked for it).
    public static let requestsPrefix = "simulcast.requests."
    /// localStorage, plus "." and the output device's name where the browser gives one: this
    /// device's output latency in ms.
    public static let outputLatency = "simulcast.outputLatency"
    /// sessionStorage: the listener's Spotify tokens (never sent to the server).
    public static let spotifyTokens = "simulcast.spotify"
    /// sessionStorage: a Spotify login under way (PKCE verifier, state, room, purpose).
    public static let pkce = "simulcast.pkce"
    /// sessionStorage: "spotify" when the page opens back from Spotify's login.
    public static let returning = "simulcast.returning"
    /// sessionStorage: "1" while a Spotify login asked for to save the room's history as a
    /// playlist is under way (the page saves once it is back).
    public static let pendingSave = "simulcast.pendingSave"
    /// sessionStorage: the room's code while a listener's page opens the host page of a room
    /// handed to it (the host page goes on with the room's song from where it is).
    public static let handover = "simulcast.handover"
    /// sessionStorage: the iPhone lock notice was shown once.
    public static let lockNotice = "simulcast.lockNotice"
}
