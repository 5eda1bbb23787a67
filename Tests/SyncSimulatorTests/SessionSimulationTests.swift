import SyncSimulator
import Testing

/// The shipped session (RoomHub, RoomConnection, HostSession, ListenerSession, SimulatedPlayer)
/// in virtual time: these check its logic end to end without a socket or a real clock, so
/// they are fast and give the same answer every run.
@Suite struct SessionSimulationTests {
    static func scenario(_ build: (inout SyncScenario) -> Void = { _ in }) -> SyncScenario {
        var scenario = SyncScenario.wan
        scenario.tracks = 6
        scenario.seed = 3
        build(&scenario)
        return scenario
    }

    @Test func aWideAreaSessionStaysInSyncThroughTrackChanges() async throws {
        let (simulcast, seed) = try await SessionSimulation(scenario: Self.scenario()).run()
        let report = simulcast.report
        #expect(report.steady.samples > 1_000)
        #expect(report.steady.p95 < 40, "steady p95 \(report.steady.p95) ms")
        // Natural track ends are predicted: the next track starts on the boundary.
        let natural = try #require(report.transition["naturalEnd"])
        #expect(natural.samples > 0)
        #expect(natural.p95 < 60, "natural-end transition p95 \(natural.p95) ms")
        #expect(report.correctionsPerTrack <= 1)
        // The seed's method, on the same network, is far off: the comparison is meaningful.
        #expect(seed.report.steady.p50 > 100)
    }

    @Test func aRunIsTheSameEveryTime() async throws {
        let first = try await SessionSimulation(scenario: Self.scenario()).run().simulcast
        let second = try await SessionSimulation(scenario: Self.scenario()).run().simulcast
        #expect(first.steady == second.steady)
        #expect(first.corrections == second.corrections)
    }

    /// A skip by hand cannot be predicted: the listener is in sync only after hearing of it
    /// (network delay) and starting the track (start latency).
    @Test func aSkipTakesDetectionAndStartTime() async throws {
        let (simulcast, _) = try await SessionSimulation(scenario: Self.scenario()).run()
        let skip = try #require(simulcast.report.timeToSyncMs["skip"])
        #expect(skip.samples > 0, "the scenario's script has skips")
        #expect(skip.p50 > 300, "in sync \(skip.p50) ms after a skip: faster than the news can travel")
    }
}
