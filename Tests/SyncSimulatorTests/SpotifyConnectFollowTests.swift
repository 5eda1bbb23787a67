import SimulcastClient
import SimulcastCore
import Testing

@testable import SyncSimulator

/// The shipped Connect follower (`SpotifyConnectPlayer` under `ListenerSession`) against the
/// simulated Connect device, in virtual time.
@Suite struct SpotifyConnectFollowTests {
    /// The bounds on the scenario's documented latencies: steady p95 under 150 ms, at
    /// most 2 corrections per track, never rate limited.
    @Test func aConnectSessionStaysWithinItsBounds() async throws {
        var scenario = SyncScenario.spotifyConnect
        scenario.tracks = 10
        let (simulcast, _) = try await SessionSimulation(scenario: scenario).run()
        let report = simulcast.report
        #expect(report.steady.samples > 1_000)
        #expect(report.steady.p95 < 150)
        #expect(report.correctionsPerTrack <= 2)
        #expect(report.rateLimited == 0)
        #expect((report.commandsPerTrack ?? 0) > 0)
    }

    func rig(_ configure: (inout SimulatedConnectDevice.Configuration) -> Void = { _ in }) -> (VirtualClock, SimulatedConnectDevice, SpotifyConnectPlayer) {
        let clock = VirtualClock()
        var configuration = SimulatedConnectDevice.Configuration()
        configure(&configuration)
        let device = SimulatedConnectDevice(id: "phone", configuration: configuration, trueClock: clock, followerClock: clock, seed: 7)
        let player = SpotifyConnectPlayer(remote: device, device: SpotifyConnectDevice(id: "phone", name: "Phone", kind: "Smartphone"), clock: clock)
        return (clock, device, player)
    }

    @Test func aPauseIsSentOnceUntilAPollShowsIt() async throws {
        let (clock, device, player) = rig()
        try await player.perform(.load(trackId: "t1", positionMs: 10_000, play: true))
        clock.set(2_000_000)
        _ = await player.read()
        #expect(await player.read().playing)
        // The policy asks at every reading that still shows it playing: one pause goes out.
        for step in 1...5 {
            try await player.perform(.pause)
            clock.set(2_000_000 + Int64(step) * 100_000)
        }
        #expect(await device.commandsReceived == 2)
        // Once a poll shows it paused, nothing more is sent, and a new pause may go out later.
        clock.set(5_000_000)
        let reading = await player.read()
        #expect(!reading.playing)
        try await player.perform(.pause)
        #expect(await device.commandsReceived == 2)
    }

    @Test func aRateLimitHoldsPollsAndCommandsBack() async throws {
        let (clock, device, player) = rig { $0.requestsPer30s = 1 }
        try await player.perform(.load(trackId: "t1", positionMs: 0, play: true))
        clock.set(1_000_000)
        _ = await player.read()  // the poll is the second request in 30 s: 429
        #expect(await player.refusal == .rateLimited(retryAfterMs: 2_000))
        await #expect(throws: SpotifyConnectRefusal.rateLimited(retryAfterMs: 2_000)) {
            try await player.perform(.seek(positionMs: 5_000, play: true))
        }
        #expect(await device.commandsReceived == 1)
        // Polls wait out Retry-After too: reading again at once asks nothing.
        _ = await player.read()
        #expect(await device.rateLimited == 1)
    }
}
