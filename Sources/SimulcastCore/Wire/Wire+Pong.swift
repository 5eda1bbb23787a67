extension Wire.TimePong {
    /// The answer to `ping`, received at `receivedAt` and sent now by `clock`'s server time.
    public init(answering ping: Wire.TimePing, receivedAt: ServerTime, clock: any LocalClock) {
        self.init(t0: ping.t0, t1: receivedAt, t2: clock.serverClockNow())
    }
}
