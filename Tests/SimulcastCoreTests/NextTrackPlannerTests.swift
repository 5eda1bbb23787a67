import Testing

@testable import SimulcastCore

/// The next-track planner on its own: when a start is due, and what it asks for.
@Suite struct NextTrackPlannerTests {
    typealias T = NextTrackStartTests

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var scheduling: Bool
        var nowMs: Double
        var queued: Bool
        var playingTarget: Bool
        var command: PlayerCommand?
        /// The listener's output latency: its player reaches the boundary that much earlier.
        var outputLatencyMs = 0.0
        var testDescription: String { name }
    }

    // The room is at 170 s of a 180 s track at t0: the boundary is t0 + 10 s.
    static let cases: [Case] = [
        Case(name: "too early to schedule", scheduling: true, nowMs: 9_000, queued: true, playingTarget: true, command: nil),
        Case(
            name: "scheduled within lead and allowance", scheduling: true, nowMs: 9_200, queued: true, playingTarget: true,
            command: .start(trackId: "am-b", positionMs: 0, atServerTime: T.at(10_000))),
        Case(name: "a plain load waits for its latency", scheduling: false, nowMs: 9_650, queued: true, playingTarget: true, command: nil),
        Case(
            name: "a plain load a start latency early", scheduling: false, nowMs: 9_700, queued: true, playingTarget: true,
            command: .load(trackId: "am-b", positionMs: 0, play: true)),
        Case(
            name: "late: that far into the next track", scheduling: false, nowMs: 10_200, queued: true, playingTarget: true,
            command: .load(trackId: "am-b", positionMs: 500, play: true)),
        Case(name: "over a second late: left to the host", scheduling: false, nowMs: 11_100, queued: true, playingTarget: true, command: nil),
        Case(name: "nothing queued", scheduling: true, nowMs: 9_500, queued: false, playingTarget: true, command: nil),
        Case(
            name: "Bluetooth (200 ms): scheduled that much before the room's boundary", scheduling: true, nowMs: 9_000, queued: true, playingTarget: true,
            command: .start(trackId: "am-b", positionMs: 0, atServerTime: T.at(9_800)), outputLatencyMs: 200),
        Case(
            name: "Bluetooth (200 ms): a plain load a start latency before that", scheduling: false, nowMs: 9_500, queued: true, playingTarget: true,
            command: .load(trackId: "am-b", positionMs: 0, play: true), outputLatencyMs: 200),
        Case(
            name: "Bluetooth (200 ms): not yet", scheduling: false, nowMs: 9_450, queued: true, playingTarget: true, command: nil, outputLatencyMs: 200),
        Case(name: "not on the current track", scheduling: true, nowMs: 9_500, queued: true, playingTarget: false, command: nil),
    ]

    @Test(arguments: cases) func due(_ c: Case) {
        let room = T.room(T.current, positionMs: 170_000, seq: 1, queue: c.queued ? [T.next] : [])
        let policy = T.policy(scheduling: c.scheduling)
        let plan = NextTrackPlanner().due(
            room: room, current: T.current, playingTarget: c.playingTarget, now: T.at(c.nowMs), configuration: policy.configuration,
            latency: policy.latency, outputLatencyMs: c.outputLatencyMs)
        #expect(plan?.command == c.command)
        if let plan {
            #expect(plan.start == NextTrackPlanner.Start(afterSourceId: "a", nextSourceId: "b", boundary: T.at(10_000 - c.outputLatencyMs)))
            #expect(plan.landing.trackId == "am-b")
        }
    }

    @Test func theHostsChangeIsAwaitedForTheGraceThenGivenUp() {
        var planner = NextTrackPlanner()
        #expect(planner.awaitsHost(after: "a", at: T.at(0)) == nil)
        planner.began(NextTrackPlanner.Start(afterSourceId: "a", nextSourceId: "b", boundary: T.at(10_000)))
        #expect(planner.awaitsHost(after: "a", at: T.at(12_999)) == true)
        #expect(planner.awaitsHost(after: "a", at: T.at(13_000)) == false)
        #expect(planner.awaitsHost(after: "b", at: T.at(11_000)) == nil)
        planner.clear()
        #expect(planner.started == nil)
    }
}
