import SimulcastCore

extension ManualClock {
    /// Waits (in real time, patiently) until as many tasks sleep on this clock as `count`:
    /// what a step woke has done its work and gone back to sleep.
    public func waitForSleepers(atLeast count: Int, timeout: Duration = Patience.event) async -> Bool {
        await Poll.until(timeout: timeout, interval: .milliseconds(2)) { sleeperCount >= count }
    }

    /// Waits until the number of sleepers holds still for `quietReads` reads in a row: the
    /// tasks a test started have reached their first sleep. Returns that number.
    public func settledSleeperCount(quietReads: Int = 10) async -> Int {
        var last = -1
        var same = 0
        _ = await Poll.until(timeout: Patience.event, interval: .milliseconds(5)) {
            let count = sleeperCount
            same = count == last ? same + 1 : 0
            last = count
            return same >= quietReads
        }
        return last
    }

    /// Moves the clock `ms` forward in steps of `stepMs`, and after each waits until as many
    /// tasks sleep as before the step: what it woke has done its work. A sleeper that was
    /// passing through (a paced request) may not come back, so the wait gives up after
    /// `settle` and the clock moves on: a test must not depend on exact settling.
    public func advanceSettled(byMs ms: Double, stepMs: Double = 50, settle: Duration = .seconds(2)) async {
        var moved = 0.0
        while moved < ms {
            let sleeping = sleeperCount
            let step = min(stepMs, ms - moved)
            advance(byMs: step)
            moved += step
            _ = await waitForSleepers(atLeast: sleeping, timeout: settle)
        }
    }
}
