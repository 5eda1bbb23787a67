import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 52 (6): listener follows share the node's Spotify budget with hosted rooms. A share
/// made `within` the budget never takes more than its own limit, and what it leaves stays for
/// the others; a hold (a 429) on the share holds the whole budget.
@Suite struct RequestPacerShareTests {
    @Test func aShareTakesNoMoreThanItsLimitAndLeavesTheRest() async throws {
        let clock = ManualClock()
        let budget = RequestPacer(limit: 4, window: .seconds(1), clock: clock)
        let listeners = RequestPacer(limit: 1, window: .seconds(1), clock: clock, within: budget)
        let now = clock.now()
        #expect(try await listeners.acquire(notAfter: now))
        #expect(try await !listeners.acquire(notAfter: now), "the share's second request waits for the next window")
        for slot in 1...3 { #expect(try await budget.acquire(notAfter: now), "host request \(slot)") }
        #expect(try await !budget.acquire(notAfter: now), "the share's request counted against the budget")
        clock.advance(byMs: 1_000)
        #expect(try await listeners.acquire(notAfter: clock.now()))
    }

    @Test func aHoldOnTheShareHoldsTheBudget() async throws {
        let clock = ManualClock()
        let budget = RequestPacer(limit: 40, window: .seconds(1), clock: clock)
        let listeners = RequestPacer(limit: 10, window: .seconds(1), clock: clock, within: budget)
        await listeners.holdOff(until: clock.now().advanced(byMilliseconds: 5_000))
        #expect(try await !budget.acquire(notAfter: clock.now().advanced(byMilliseconds: 4_000)))
        clock.advance(byMs: 5_000)
        #expect(try await budget.acquire(notAfter: clock.now()))
    }
}
