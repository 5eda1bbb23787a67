/// A player's state as read from it, stamped with the local clock.
public struct PlayerReading: Hashable, Sendable {
    public var trackId: String?
    public var playing: Bool
    public var positionMs: Double
    /// Local clock reading (microseconds) when the position was read.
    public var localTime: Int64

    public init(trackId: String?, playing: Bool, positionMs: Double, localTime: Int64) {
        self.trackId = trackId
        self.playing = playing
        self.positionMs = positionMs
        self.localTime = localTime
    }
}
