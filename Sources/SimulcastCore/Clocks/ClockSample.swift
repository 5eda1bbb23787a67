/// One NTP-style exchange: t0 client send, t1 server receive, t2 server send, t3 client
/// receive (t0 and t3 on the client's clock, t1 and t2 on the server's).
public struct ClockSample: Hashable, Sendable {
    public var t0: LocalTime
    public var t1: ServerTime
    public var t2: ServerTime
    public var t3: LocalTime

    public init(t0: LocalTime, t1: ServerTime, t2: ServerTime, t3: LocalTime) {
        self.t0 = t0
        self.t1 = t1
        self.t2 = t2
        self.t3 = t3
    }

    /// Server clock minus client clock, assuming the two legs of the trip took equally long.
    /// The one place the two domains' numbers meet.
    public var offset: Microseconds { ((t1.micros &- t0.micros) &+ (t2.micros &- t3.micros)) / 2 }

    /// Time on the network, both ways, excluding the server's own processing time.
    public var roundTripDelay: Microseconds { max(0, t0.distance(to: t3) &- t1.distance(to: t2)) }

    /// The client's clock halfway through the exchange: the instant `offset` describes.
    public var clientMidpoint: LocalTime { t0.advanced(by: t0.distance(to: t3) / 2) }
}
