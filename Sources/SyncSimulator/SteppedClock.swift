import SimulcastCore

/// A device clock that steps once (`ClockStep`) at a true (virtual) time.
struct SteppedClock: LocalClock {
    let device: any LocalClock
    let trueClock: VirtualClock
    /// True time of the step, µs.
    let at: Int64
    let step: ClockStep

    func now() -> LocalTime {
        let reading = device.now()
        let time = trueClock.micros
        guard time >= at else { return reading }
        let amount = Int64(step.amountMs * 1000)
        switch step.kind {
        case .step:
            return reading.advanced(by: amount)
        case .sleep:
            // Frozen at the step's reading until the sleep ends, then that far behind.
            return reading.advanced(by: -min(time - at, abs(amount)))
        }
    }

    func sleep(until _: LocalTime) async throws { throw SimulationError() }
}
