import SimulcastCore
import SimulcastTesting
import Testing

/// The failure modes peers report, as tables of steps against the pure policy.
@Suite struct FollowPolicyScenarioTests {
    static let t0 = ServerTime(micros: 1_700_000_000_000_000)
    func at(_ ms: Double) -> ServerTime { Self.t0.advanced(byMilliseconds: ms) }
    let id = Fixtures.appleCestLaVie.id

    func observe(_ policy: inout FollowPolicy, _ ms: Double, _ track: String?, _ playing: Bool, _ position: Double) -> [PlayerCommand] {
        policy.playerObserved(ServerPlayerReading(trackId: track, playing: playing, positionMs: position, at: at(ms)))
    }

    /// Every seek lands 120 ms late (its own latency, with the policy predicting 100): the
    /// residual 20 ms is below what seeking can fix, so there is one seek, not a loop.
    @Test func noCorrectionLoopWhenSeeksLandShort() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us", seekThresholdMs: 35))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        _ = observe(&policy, 0, nil, false, 0)
        _ = observe(&policy, 500, id, true, 300)  // started 200 ms late: 200 ms behind
        var seeks = 0
        var position = 300.0
        var lastSeekTarget: Double?
        var landAt: Double?
        for step in stride(from: 600.0, through: 30_000, by: 100) {
            // The player: after a seek it is silent 120 ms, then plays from where it was sent.
            if let target = lastSeekTarget, let land = landAt {
                position = step >= land ? target + (step - land) : target
                if step < land {
                    _ = observe(&policy, step, id, false, position)
                    continue
                }
            } else {
                position += 100
            }
            for command in observe(&policy, step, id, true, position) {
                if case .seek(let target, _) = command {
                    seeks += 1
                    lastSeekTarget = target
                    landAt = step + 120
                    position = target
                }
            }
        }
        #expect(seeks == 1)
        #expect(abs(policy.syncErrorMs ?? 99) <= 35)
    }

    @Test func aPauseWhileAStartIsPendingPauses() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        #expect(observe(&policy, 0, nil, false, 0) == [.load(trackId: id, positionMs: 300, play: true)])
        policy.roomStateReceived(Fixtures.room(seq: 2, positionMs: 150, at: at(150), playing: false))
        // The player has just started (late): it must stop where the host paused.
        #expect(observe(&policy, 400, id, true, 350) == [.pause])
        #expect(observe(&policy, 500, id, false, 360) == [.seek(positionMs: 150, play: false)])
        #expect(observe(&policy, 600, id, false, 150) == [])
        #expect(policy.status == .paused)
    }

    @Test func aSkipDuringASeekLoadsTheNewTrack() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        _ = observe(&policy, 0, nil, false, 0)
        _ = observe(&policy, 400, id, true, 400)
        #expect(observe(&policy, 2_000, id, true, 2_500) == [.seek(positionMs: 2_100, play: true)])
        // Before the seek lands, the host skips.
        policy.roomStateReceived(Fixtures.room(seq: 2, track: Fixtures.sheLooksSoPerfect, match: Fixtures.appleSheLooksSoPerfect, at: at(2_050)))
        #expect(
            observe(&policy, 2_060, id, false, 2_100) == [
                .load(trackId: Fixtures.appleSheLooksSoPerfect.id, positionMs: 10 + policy.startLatency.predictedMs, play: true)
            ])
    }

    @Test func aReconnectMidTrackKeepsPlayingWithoutReloading() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        policy.roomStateReceived(Fixtures.room(seq: 40, at: Self.t0))
        _ = observe(&policy, 0, nil, false, 0)
        _ = observe(&policy, 400, id, true, 400)
        // The server restarted; its first state after the reconnect has a lower seq, same timeline.
        policy.connectionRestarted()
        policy.roomStateReceived(Fixtures.room(seq: 3, positionMs: 10_000, at: at(10_000)))
        #expect(observe(&policy, 10_500, id, true, 10_510) == [])
        #expect(policy.room?.seq == 3)
        #expect(policy.status == .following(errorMs: 10))
    }

    @Test func aHostThatDisappearsLeavesTheTrackToFinishThenHolds() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        policy.roomStateReceived(Fixtures.room(positionMs: 170_000, at: Self.t0))
        _ = observe(&policy, 0, id, true, 170_000)
        policy.roomStateReceived(Fixtures.room(seq: 2, positionMs: 171_000, at: at(1_000), hostConnected: false))
        #expect(observe(&policy, 5_000, id, true, 175_000) == [])
        #expect(observe(&policy, 9_000, id, true, 179_000) == [.pause])
        #expect(policy.status == .holding)
        #expect(observe(&policy, 20_000, id, false, 178_040) == [])
    }

    @Test func aHeartbeatDoesNotResetPendingWork() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        _ = observe(&policy, 0, nil, false, 0)
        // Re-anchored state, same timeline: still waiting for the start to land.
        policy.roomStateReceived(Fixtures.room(seq: 2, positionMs: 200, at: at(200)))
        #expect(observe(&policy, 250, id, false, 300) == [])
        #expect(policy.status == .starting)
    }

    /// A player whose audio runs 80 ppm fast: once its error has grown along a clean line
    /// for 30 s, the next scheduled start aims behind by half the drift still to come.
    @Test func aDriftingPlayerIsAimedToStraddleZero() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us", canScheduleStart: true))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        _ = observe(&policy, 0, nil, false, 0)
        _ = observe(&policy, 700, id, true, 700)  // landed on time
        for ms in stride(from: 1_000.0, through: 40_000, by: 100) {
            _ = observe(&policy, ms, id, true, ms * 1.00008)
        }
        let rate = policy.rateErrorMsPerSecond ?? 0
        #expect(abs(rate - 0.08) < 0.005)
        // The host skips: the new 202 s track starts about 0.08 × 202 / 2 ≈ 8 ms behind its target.
        policy.roomStateReceived(Fixtures.room(seq: 2, track: Fixtures.sheLooksSoPerfect, match: Fixtures.appleSheLooksSoPerfect, at: at(40_000)))
        guard case .start(_, let position, let when)? = observe(&policy, 40_000, id, true, 40_003).first else {
            Issue.record("expected a scheduled start")
            return
        }
        let target = at(40_000).milliseconds(to: when)
        #expect(abs((target - position) - 0.08 * (202 - target / 1000) / 2) < 0.5)
    }

    @Test func scheduledStartsLandOnTheInstant() {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us", canScheduleStart: true, scheduleMarginMs: 60))
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        // No history yet: lead = twice the default start latency + margin = 660 ms.
        #expect(observe(&policy, 0, nil, false, 0) == [.start(trackId: id, positionMs: 660, atServerTime: at(660))])
        #expect(observe(&policy, 500, id, false, 660) == [])
        // Landed 2 ms late.
        #expect(observe(&policy, 800, id, true, 798) == [])
        #expect(policy.scheduleError.samplesMs == [2])
        #expect(policy.effectiveSeekThresholdMs == 35)
        // A drift of 40 ms is corrected with another scheduled start, not a blind seek.
        let commands = observe(&policy, 3_000, id, true, 3_040)
        guard case .start(_, _, let when)? = commands.first else {
            Issue.record("expected a scheduled start, got \(commands)")
            return
        }
        #expect(when > at(3_000))
        #expect(policy.correctionsThisTrack == 1)
    }
}
