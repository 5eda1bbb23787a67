/// Where playback stood at one instant of one clock: the one anchor type. On the wire it is a
/// `PlaybackAnchor`, on the server's clock, so one anchor means the same thing to the host,
/// the server and every listener; a device keeps its own readings as `LocalAnchor`s until
/// `ClockSync` converts them.
public struct PositionAnchor<Domain: ClockDomain>: Hashable, Sendable {
    /// Position in the track at `time`, in milliseconds.
    public var positionMs: Double
    public var time: ClockInstant<Domain>

    public init(positionMs: Double, at time: ClockInstant<Domain>) {
        self.positionMs = positionMs
        self.time = time
    }

    /// The position at `now` when playing at `rate` (1: normal speed); a paused track stays put.
    public func position(at now: ClockInstant<Domain>, playing: Bool, rate: Double = 1) -> Double {
        PlaybackPosition.after(positionMs, elapsedMicros: time.distance(to: now), playing: playing, rate: rate)
    }

    /// The same playback, re-anchored at `now`.
    public func advanced(to now: ClockInstant<Domain>, playing: Bool) -> PositionAnchor {
        PositionAnchor(positionMs: position(at: now, playing: playing), at: now)
    }
}

/// An anchor on the server's clock: what `host.state` and `room.state` carry.
public typealias PlaybackAnchor = PositionAnchor<ServerClockDomain>

/// An anchor on this device's clock.
public typealias LocalAnchor = PositionAnchor<LocalClockDomain>

// Only server-clock anchors go on the wire, under protocol v1's names.
extension PositionAnchor: Codable where Domain == ServerClockDomain {
    private enum CodingKeys: String, CodingKey {
        case positionMs, serverTime
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(positionMs: try container.decode(Double.self, forKey: .positionMs), at: try container.decode(ServerTime.self, forKey: .serverTime))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(positionMs, forKey: .positionMs)
        try container.encode(time, forKey: .serverTime)
    }
}
