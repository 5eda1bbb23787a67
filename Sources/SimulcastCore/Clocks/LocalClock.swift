/// This device's clock. Injected everywhere time is read, so tests and the simulator can run
/// on a manual clock.
public protocol LocalClock: Sendable {
    func now() -> LocalTime
    /// Suspends until the clock reads `deadline`. Real clocks sleep; a manual clock waits
    /// until a test moves it, so paced code runs in virtual time.
    func sleep(until deadline: LocalTime) async throws
}

extension LocalClock {
    public func sleep(until deadline: LocalTime) async throws {
        let remaining = now().distance(to: deadline)
        if remaining > 0 { try await Task.sleep(for: .microseconds(remaining)) }
    }

    /// Suspends for `duration` on this clock.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now().advanced(by: duration))
    }

    /// The time on the server's own clock. Only the server (and a simulation of it) reads its
    /// clock as server time; clients convert theirs with `ClockSync`.
    public func serverClockNow() -> ServerTime { now().reinterpreted() }
}
