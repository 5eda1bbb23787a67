import SyncSimulator
import Testing

/// Issue 23: the simulator cuts connections and the sessions' own reconnect code
/// (`RoomConnection` through its `ConnectionDriver`: backoff, a new connection, a new ping burst)
/// brings them back, in virtual time. The host changes track in the middle of each outage.
@Suite struct DisruptionSimulationTests {
    static func run(_ kind: Disruption.Kind) async throws -> DisruptionReport {
        var scenario = SyncScenario.wan
        scenario.tracks = 8
        scenario.seed = 3
        scenario.disruption = Disruption(kind: kind, atSeconds: 300)
        let simulation = SessionSimulation(scenario: scenario)
        _ = try await simulation.run()
        return try #require(simulation.disruptionReport)
    }

    /// The server crashes and restarts on its store with 2 s of downtime: every listener
    /// reconnects by itself and is back within 50 ms of the host well within 10 s.
    @Test func everyoneIsBackAfterTheServerRestarts() async throws {
        let report = try await Self.run(.restart)
        #expect(report.listeners.count == 3)
        for listener in report.listeners {
            #expect(listener.reconnects == 1, "listener \(listener.participant) made \(listener.reconnects) connections")
            #expect(listener.samples > 1_000)
            #expect(listener.backInSyncAfterMs < 10_000, "listener \(listener.participant) back after \(listener.backInSyncAfterMs) ms")
            #expect(listener.backInSyncAfterMs > 2_000, "the host's change in the outage cannot reach anyone before the server is back")
        }
    }

    /// The first listener's network is gone for 10 s: it reconnects after its backoff (at most
    /// 5 s between attempts) and catches up on what the host did meanwhile.
    @Test func aListenerWhoseNetworkDroppedCatchesUp() async throws {
        let report = try await Self.run(.drop)
        let listener = try #require(report.listeners.first)
        #expect(report.listeners.count == 1)
        #expect(listener.reconnects == 1)
        #expect(listener.backInSyncAfterMs > 10_000, "it was cut off for 10 s while the host moved on")
        #expect(listener.backInSyncAfterMs < 17_000, "back \(listener.backInSyncAfterMs) ms after the drop began")
    }
}
