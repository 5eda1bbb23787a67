import SyncSimulator
import Testing

/// Issue 25: the listeners' ears, not their players, are what must be in sync. A session with
/// the seed's AirPods (host 0-40 ms, listeners on Bluetooth 150-300 ms, each estimate within
/// 15 ms) measured at the ear, with the output-latency model and without it.
@Suite struct OutputLatencySimulationTests {
    static func scenario(compensates: Bool) -> SyncScenario {
        var scenario = SyncScenario.bluetooth
        scenario.tracks = 6
        scenario.seed = 3
        scenario.compensatesOutputLatency = compensates
        return scenario
    }

    @Test func withTheModelTheEarsAreInSyncWhileThePlayersAreApart() async throws {
        let simulation = SessionSimulation(scenario: Self.scenario(compensates: true))
        let (atThePlayer, _) = try await simulation.run()
        let ear = try #require(simulation.atTheEar).simulcast.report
        #expect(ear.steady.samples > 1_000)
        #expect(ear.steady.p95 <= 30, "steady p95 at the ear \(ear.steady.p95) ms")
        let natural = try #require(ear.transition["naturalEnd"])
        #expect(natural.samples > 0)
        #expect(natural.p95 <= 60, "natural-end transition p95 at the ear \(natural.p95) ms")
        // The players are deliberately apart: each is ahead by its own latency less the host's.
        #expect(atThePlayer.report.steady.p50 > 100, "players \(atThePlayer.report.steady.p50) ms apart")
    }

    @Test func withoutItTheListenersHearTheirBluetoothDelay() async throws {
        let simulation = SessionSimulation(scenario: Self.scenario(compensates: false))
        let (atThePlayer, _) = try await simulation.run()
        let ear = try #require(simulation.atTheEar).simulcast.report
        // In sync at the player, a Bluetooth delay (less the host's) late at the ear.
        #expect(atThePlayer.report.steady.p95 <= 30)
        #expect(ear.steady.p50 > 100 && ear.steady.p50 < 300, "uncompensated steady p50 at the ear \(ear.steady.p50) ms")
    }

    @Test func withoutOutputLatenciesTheEarIsThePlayer() async throws {
        var scenario = SyncScenario.wan
        scenario.tracks = 4
        scenario.seed = 5
        let simulation = SessionSimulation(scenario: scenario)
        let (atThePlayer, _) = try await simulation.run()
        let ear = try #require(simulation.atTheEar).simulcast
        #expect(ear.steady == atThePlayer.steady)
    }
}
