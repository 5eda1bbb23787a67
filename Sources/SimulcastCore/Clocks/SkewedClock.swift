/// Another clock seen through a constant offset and rate error: how a phone or laptop
/// clock looks next to the server's. Used by the demo and the simulator.
public struct SkewedClock: LocalClock {
    public let base: any LocalClock
    public let offsetMicros: Microseconds
    public let driftPPM: Double
    private let origin: LocalTime

    public init(base: any LocalClock, offsetMicros: Microseconds, driftPPM: Double) {
        self.base = base
        self.offsetMicros = offsetMicros
        self.driftPPM = driftPPM
        self.origin = base.now()
    }

    public func now() -> LocalTime {
        let now = base.now()
        return now.advanced(by: offsetMicros + Int64(Double(origin.distance(to: now)) * driftPPM / 1_000_000))
    }
}
