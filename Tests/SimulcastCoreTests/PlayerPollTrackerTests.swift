import SimulcastCore
import Testing

@Suite struct PlayerPollTrackerTests {
    /// A poll sent at `sent` ms (from an arbitrary epoch) answered after `rtt` ms.
    static func poll(_ content: PlayerPollContent, sent: Int64, rtt: Int64 = 100) -> PolledPlayerState {
        PolledPlayerState(content, sentAt: LocalTime(micros: (1_000_000 + sent) * 1000), receivedAt: LocalTime(micros: (1_000_000 + sent + rtt) * 1000))
    }

    static func playing(_ progress: Double, id: String = "a", duration: Double? = 200_000) -> PlayerPollContent {
        .track(id: id, durationMs: duration, progressMs: progress, playing: true)
    }

    static func paused(_ progress: Double, id: String = "a") -> PlayerPollContent {
        .track(id: id, durationMs: 200_000, progressMs: progress, playing: false)
    }

    static func kinds(_ changes: [PlayerPollChange]) -> [String] {
        changes.map {
            switch $0 {
            case .started(let id, _, let playing, _): "started \(id)\(playing ? "" : " paused")"
            case .paused: "paused"
            case .resumed: "resumed"
            case .seeked: "seeked"
            case .reanchored: "reanchored"
            case .advert: "advert"
            case .stopped: "stopped"
            }
        }
    }

    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var polls: [(PlayerPollContent, Int64, Int64)]  // content, sent ms, rtt ms
        var expected: [[String]]
        var description: String { name }
    }

    @Test(arguments: [
        Case(
            name: "steady playback reports one start and nothing else",
            polls: [(playing(10_000), 0, 100), (playing(12_000), 2_000, 100), (playing(14_000), 4_000, 100)],
            expected: [["started a"], [], []]),
        Case(
            name: "a jump forward is a seek",
            polls: [(playing(10_000), 0, 100), (playing(72_000), 2_000, 100)],
            expected: [["started a"], ["seeked"]]),
        Case(
            name: "a jump back to the start of the same track is a seek (repeat one)",
            polls: [(playing(190_000), 0, 100), (playing(500), 12_000, 100)],
            expected: [["started a"], ["seeked"]]),
        Case(
            name: "jitter within the tolerance is not a seek",
            polls: [(playing(10_000), 0, 100), (playing(12_700), 2_000, 100)],
            expected: [["started a"], ["reanchored"]]),
        Case(
            name: "another track is a start",
            polls: [(playing(10_000, id: "a"), 0, 100), (playing(700, id: "b"), 2_000, 100)],
            expected: [["started a"], ["started b"]]),
        Case(
            name: "pause and resume",
            polls: [(playing(10_000), 0, 100), (paused(11_000), 1_000, 100), (paused(11_000), 3_000, 100), (playing(11_000), 9_000, 100)],
            expected: [["started a"], ["paused"], [], ["resumed"]]),
        Case(
            name: "a seek while paused",
            polls: [(paused(11_000), 0, 100), (paused(40_000), 1_500, 100)],
            expected: [["started a paused"], ["seeked"]]),
        Case(
            name: "an advert holds, the next track starts",
            polls: [(playing(10_000), 0, 100), (.advert, 2_000, 100), (.advert, 7_000, 100), (playing(300, id: "b"), 12_000, 100)],
            expected: [["started a"], ["advert"], [], ["started b"]]),
        Case(
            name: "the same track after an advert starts again",
            polls: [(playing(10_000), 0, 100), (.advert, 2_000, 100), (playing(12_000, id: "a"), 32_000, 100)],
            expected: [["started a"], ["advert"], ["started a"]]),
        Case(
            name: "nothing playing pauses, then stops after two minutes",
            polls: [(playing(10_000), 0, 100), (.nothing, 2_000, 100), (.nothing, 60_000, 100), (.nothing, 125_000, 100)],
            expected: [["started a"], ["paused"], [], ["stopped"]]),
    ])
    func changes(_ testCase: Case) {
        var tracker = PlayerPollTracker()
        for (index, poll) in testCase.polls.enumerated() {
            let changes = tracker.observe(Self.poll(poll.0, sent: poll.1, rtt: poll.2))
            #expect(Self.kinds(changes) == testCase.expected[index], "poll \(index)")
        }
    }

    @Test func anchorsAtTheMiddleOfTheRoundTripAndNarrowsWithFasterPolls() {
        var tracker = PlayerPollTracker()
        // True position: 10 000 ms at sent = 0 + 150 (the answer was made 150 ms in).
        // Slow poll: 600 ms round trip; the midpoint guess is 150 ms off.
        let first = tracker.observe(Self.poll(Self.playing(10_000), sent: -150, rtt: 600))
        guard case .started(_, let position, _, let at) = first.first else { Issue.record("no start"); return }
        let truth = { (time: LocalTime) in 10_000 + Double(time.micros / 1000 - 1_000_000) }
        #expect(abs(position - truth(at)) > 100)
        // Fast polls whose answers are made at the start of their round trip pull the estimate in.
        var last: PlayerPollChange?
        for n in 1...4 {
            let sent = Int64(n * 2000)
            last = tracker.observe(Self.poll(Self.playing(10_000 + Double(sent)), sent: sent, rtt: 20)).last ?? last
        }
        guard case .reanchored(let refined, let refinedAt) = last else { Issue.record("no re-anchor: \(String(describing: last))"); return }
        #expect(abs(refined - truth(refinedAt)) <= 20)
        #expect(abs(tracker.positionMs(at: 1_010_000_000)! - truth(1_010_000_000)) <= 20)
    }

    @Test func pollsFastAfterAChangeAndJustAfterTheExpectedEnd() {
        var tracker = PlayerPollTracker()
        let now: LocalTime = 1_000_000_000
        _ = tracker.observe(PolledPlayerState(Self.playing(10_000, duration: 200_000), sentAt: now.advanced(by: -100_000), receivedAt: now))
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 500_000))  // burst after the start
        for n in 1...3 {
            let sent = now.advanced(by: Int64(n) * 500_000)
            _ = tracker.observe(
                PolledPlayerState(Self.playing(10_000 + Double(n) * 500 + 50, duration: 200_000), sentAt: sent, receivedAt: sent.advanced(by: 100_000)))
        }
        let later = now.advanced(by: 1_600_000)
        #expect(tracker.nextPoll(now: later) == later.advanced(by: 2_000_000))  // steady: every 2 s
        // 1 s before the end: poll 400 ms after it.
        let position = tracker.positionMs(at: later)!
        let nearEnd = later.advanced(byMilliseconds: 199_000 - position)
        #expect(abs(nearEnd.advanced(by: 1_400_000).distance(to: tracker.nextPoll(now: nearEnd))) < 2)
    }

    @Test func backsOffOnErrorsAndHonoursRetryAfter() {
        var tracker = PlayerPollTracker()
        let now: LocalTime = 5_000_000
        tracker.failed(at: now)
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 2_000_000))
        tracker.failed(at: now)
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 4_000_000))
        tracker.failed(at: now, retryAfterMs: 20_000)
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 20_000_000))
        for _ in 0..<10 { tracker.failed(at: now) }
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 30_000_000))
        _ = tracker.observe(PolledPlayerState(.nothing, sentAt: now, receivedAt: now))
        #expect(tracker.nextPoll(now: now) == now.advanced(by: 5_000_000))  // idle pace once answers come back
    }
}
