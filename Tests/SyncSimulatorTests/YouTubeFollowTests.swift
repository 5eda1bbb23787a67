import SyncSimulator
import Testing

/// Listeners on YouTube's embedded player (issue 53): every load and seek buffers 300-600 ms,
/// the time is posted every 250 ms, and a quarter of loads show a 5-15 s pre-roll ad first.
/// Followed by the shipped Swift follow code (`YouTubeIFramePlayer`, `SteppedTimeReader`,
/// `ListenerSessionCore`), no ad is chased with seeks and the usual error stays within 35 ms.
/// Not yet held: issue 53's steady p95 within 60 ms (47 to 92 ms over seeds): a correction is
/// a seek that rebuffers for a random 300-600 ms, so it lands anywhere in a 300 ms window
/// (docs/BENCHMARKS.md, "Listeners on YouTube").
@Suite struct YouTubeFollowTests {
    @Test func adsAreWaitedOutAndTheUsualErrorIsSmall() async throws {
        var scenario = SyncScenario.youTube
        scenario.tracks = 12
        scenario.seed = 5
        let simulation = SessionSimulation(scenario: scenario)
        let (simulcast, _) = try await simulation.run()
        let report = simulcast.report
        #expect(report.steady.samples > 10_000)
        #expect(report.steady.p50 <= 35, "steady p50 \(report.steady.p50) ms")
        let ads = try #require(simulation.youTubeAds)
        #expect(ads.shown >= 3, "the scenario shows ads")
        #expect(ads.seeksDuringAds == 0, "\(ads.seeksDuringAds) seeks during ads")
    }
}
