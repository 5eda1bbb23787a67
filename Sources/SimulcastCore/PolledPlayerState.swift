/// One answer from a player that can only be asked, not listened to (Spotify's
/// currently-playing, MPRIS `Position`), with when the question left and the answer came
/// back on the local clock. The answer describes some instant between the two.
public struct PolledPlayerState: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// Nothing is active (Spotify's 204, no MPRIS player).
        case nothing
        /// An advert plays: listeners hold.
        case advert
        case track(id: String, durationMs: Double?, progressMs: Double, playing: Bool)
    }

    public var content: Content
    public var sentAt: Int64
    public var receivedAt: Int64

    public init(content: Content, sentAt: Int64, receivedAt: Int64) {
        self.content = content
        self.sentAt = sentAt
        self.receivedAt = max(receivedAt, sentAt)
    }

    /// Our best single guess of the instant the answer describes.
    public var midpoint: Int64 { sentAt + (receivedAt - sentAt) / 2 }
}
