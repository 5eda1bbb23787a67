/// What `GET /v1/me/player` says the account is playing, and on which device.
public struct SpotifyConnectPlayback: Hashable, Sendable {
    public var deviceId: String?
    /// nil for an advert or an episode: nothing a listener follows.
    public var trackId: String?
    public var durationMs: Double?
    public var progressMs: Double
    public var playing: Bool

    public init(deviceId: String?, trackId: String?, durationMs: Double?, progressMs: Double, playing: Bool) {
        self.deviceId = deviceId
        self.trackId = trackId
        self.durationMs = durationMs
        self.progressMs = progressMs
        self.playing = playing
    }
}
