import SyncSimulator
import Testing

/// A listener's device clock steps mid-session (issue 21): before step detection a 10-minute
/// sleep left the page seconds to minutes off for half an hour. From the step showing (a
/// sleep: the wake), the stepped listener must be within 50 ms in under 10 s and never more
/// than 50 ms off again while the host is quiet; the other listeners must not notice.
@Suite struct ClockStepSimulationTests {
    @Test(arguments: [
        ClockStep(kind: .sleep, amountMs: 60_000, atSeconds: 60),
        ClockStep(kind: .sleep, amountMs: 600_000, atSeconds: 60),
        ClockStep(kind: .step, amountMs: 1_000, atSeconds: 60),
        ClockStep(kind: .step, amountMs: -1_000, atSeconds: 60),
        ClockStep(kind: .step, amountMs: 60_000, atSeconds: 60),
    ])
    func theSteppedListenerIsBackWithinTenSecondsForGood(_ step: ClockStep) async throws {
        var scenario = SyncScenario.wan
        scenario.tracks = 8
        scenario.seed = 3
        scenario.clockStep = step
        let simulation = SessionSimulation(scenario: scenario)
        _ = try await simulation.run()
        let report = try #require(simulation.clockStepReport)
        #expect(report.stepsDetected >= 1)
        #expect(report.stepped.quietSamples > 1_000)
        #expect((report.stepped.lastOffAfterMs ?? 0) < 10_000, "last more than 50 ms off at +\(report.stepped.lastOffAfterMs ?? 0) ms")
        #expect(report.other.quietSamplesOver50Ms == 0)
    }
}
