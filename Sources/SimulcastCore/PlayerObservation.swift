/// What a listener's player reported, converted to server time.
public struct PlayerObservation: Hashable, Sendable {
    public var trackId: String?
    /// True once audio is actually coming out (a player that is still buffering is not playing yet).
    public var playing: Bool
    public var positionMs: Double
    /// When the position was read, in server time.
    public var serverTime: Int64

    public init(trackId: String?, playing: Bool, positionMs: Double, serverTime: Int64) {
        self.trackId = trackId
        self.playing = playing
        self.positionMs = positionMs
        self.serverTime = serverTime
    }
}
