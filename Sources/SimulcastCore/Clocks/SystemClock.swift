import Foundation

/// Wall-clock time that never goes backwards within a process: the wall clock is read once,
/// then advanced by the monotonic clock, so NTP steps on the machine cannot make anchors jump.
public struct SystemClock: LocalClock {
    private let start: LocalTime
    private let startInstant: ContinuousClock.Instant

    public init() {
        start = LocalTime(micros: Int64(Date().timeIntervalSince1970 * 1_000_000))
        startInstant = ContinuousClock.now
    }

    public func now() -> LocalTime {
        start.advanced(by: ContinuousClock.now - startInstant)
    }
}
