/// A player's state as read from it, stamped with when it was read: on this device's clock
/// (`LocalPlayerReading`, what drivers return) or, once `ClockSync` converted it, on the
/// server's (`ServerPlayerReading`, what the follow policy compares with the room).
public struct PlayerReading<Domain: ClockDomain>: Hashable, Sendable {
    public var trackId: String?
    /// True once audio is actually coming out (a player that is still buffering is not playing yet).
    public var playing: Bool
    public var positionMs: Double
    /// When the position was read.
    public var time: ClockInstant<Domain>
    /// Busy with something of its own (an embedded player's ad, a stall): waited out, not
    /// chased with seeks (`SteppedTimeReader`).
    public var waiting: Bool

    public init(trackId: String?, playing: Bool, positionMs: Double, at time: ClockInstant<Domain>, waiting: Bool = false) {
        self.trackId = trackId
        self.playing = playing
        self.positionMs = positionMs
        self.time = time
        self.waiting = waiting
    }

    public var anchor: PositionAnchor<Domain> { PositionAnchor(positionMs: positionMs, at: time) }

    /// The same reading stamped on another clock.
    public func at<Other>(_ time: ClockInstant<Other>) -> PlayerReading<Other> {
        PlayerReading<Other>(trackId: trackId, playing: playing, positionMs: positionMs, at: time, waiting: waiting)
    }
}

/// A reading on this device's clock: what a `PlayerDriver` returns.
public typealias LocalPlayerReading = PlayerReading<LocalClockDomain>

/// A reading converted to server time: what the follow policy observes.
public typealias ServerPlayerReading = PlayerReading<ServerClockDomain>
