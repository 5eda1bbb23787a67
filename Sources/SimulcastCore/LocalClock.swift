import Foundation

/// A source of the current time in microseconds since the Unix epoch. Injected everywhere
/// time is read, so tests and the simulator can run on a manual clock.
public protocol LocalClock: Sendable {
    func nowMicros() -> Int64
    /// Suspends until the clock reads `deadline`. Real clocks sleep; a manual clock waits
    /// until a test moves it, so paced code runs in virtual time.
    func sleep(untilMicros deadline: Int64) async throws
}

extension LocalClock {
    public func sleep(untilMicros deadline: Int64) async throws {
        let remaining = deadline - nowMicros()
        if remaining > 0 { try await Task.sleep(for: .microseconds(remaining)) }
    }
}

/// Wall-clock time that never goes backwards within a process: the wall clock is read once,
/// then advanced by the monotonic clock, so NTP steps on the machine cannot make anchors jump.
public struct SystemClock: LocalClock {
    private let startWallMicros: Int64
    private let startInstant: ContinuousClock.Instant

    public init() {
        startWallMicros = Int64(Date().timeIntervalSince1970 * 1_000_000)
        startInstant = ContinuousClock.now
    }

    public func nowMicros() -> Int64 {
        let elapsed = ContinuousClock.now - startInstant
        let (seconds, attoseconds) = elapsed.components
        return startWallMicros + seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }
}

/// Another clock seen through a constant offset and rate error: how a phone or laptop
/// clock looks next to the server's. Used by the demo and the simulator.
public struct SkewedClock: LocalClock {
    public let base: any LocalClock
    public let offsetMicros: Int64
    public let driftPPM: Double
    private let origin: Int64

    public init(base: any LocalClock, offsetMicros: Int64, driftPPM: Double) {
        self.base = base
        self.offsetMicros = offsetMicros
        self.driftPPM = driftPPM
        self.origin = base.nowMicros()
    }

    public func nowMicros() -> Int64 {
        let now = base.nowMicros()
        return now + offsetMicros + Int64(Double(now - origin) * driftPPM / 1_000_000)
    }
}
