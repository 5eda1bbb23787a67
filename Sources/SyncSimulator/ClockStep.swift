/// One listener's device clock steps during a simulated session, as a laptop's page clock
/// does when the lid closes (`performance.now()` stops during sleep) or any clock does when
/// NTP corrects it.
public struct ClockStep: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The clock jumps by the amount (positive: ahead).
        case step
        /// The clock stands still for the amount, then runs on that far behind.
        case sleep
    }

    public var kind: Kind
    public var amountMs: Double
    /// Seconds after the music starts.
    public var atSeconds: Double

    public init(kind: Kind, amountMs: Double, atSeconds: Double) {
        self.kind = kind
        self.amountMs = amountMs
        self.atSeconds = atSeconds
    }

    /// When it happens on true time (µs), for a session whose music starts at `musicStart`.
    func startsAt(musicStart: Int64) -> Int64 { musicStart + Int64(atSeconds * 1_000_000) }

    /// When the step shows on true time: at once for a step, when the clock runs again after a sleep.
    func visibleAt(musicStart: Int64) -> Int64 {
        let at = startsAt(musicStart: musicStart)
        return kind == .sleep ? at + Int64(abs(amountMs) * 1000) : at
    }
}
