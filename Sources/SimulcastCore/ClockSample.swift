/// One NTP-style exchange: t0 client send, t1 server receive, t2 server send, t3 client
/// receive, all in microseconds (t0 and t3 on the client's clock, t1 and t2 on the server's).
public struct ClockSample: Hashable, Codable, Sendable {
    public var t0: Int64
    public var t1: Int64
    public var t2: Int64
    public var t3: Int64

    public init(t0: Int64, t1: Int64, t2: Int64, t3: Int64) {
        self.t0 = t0
        self.t1 = t1
        self.t2 = t2
        self.t3 = t3
    }

    /// Server clock minus client clock, assuming the two legs of the trip took equally long.
    public var offset: Int64 { ((t1 - t0) + (t2 - t3)) / 2 }

    /// Time on the network, both ways, excluding the server's own processing time.
    public var roundTripDelay: Int64 { max(0, (t3 - t0) - (t2 - t1)) }
}
