/// Where playback stood at one instant of the server's clock.
///
/// Every participant converts its own clock readings to server time (see `ClockSync`),
/// so one anchor means the same thing to the host, the server and every listener.
public struct PlaybackAnchor: Hashable, Codable, Sendable {
    /// Position in the track at `serverTime`, in milliseconds.
    public var positionMs: Double
    /// Server clock reading in microseconds since the Unix epoch.
    public var serverTime: Int64

    public init(positionMs: Double, serverTime: Int64) {
        self.positionMs = positionMs
        self.serverTime = serverTime
    }

    /// The position at `serverTime` when playing at normal speed; a paused track stays put.
    public func position(atServerTime now: Int64, playing: Bool) -> Double {
        PlaybackPosition.after(positionMs, elapsedMicros: ServerInstant(serverTime).distance(to: ServerInstant(now)), playing: playing)
    }

    /// The same playback, re-anchored at `now`.
    public func advanced(to now: Int64, playing: Bool) -> PlaybackAnchor {
        PlaybackAnchor(positionMs: position(atServerTime: now, playing: playing), serverTime: now)
    }
}
