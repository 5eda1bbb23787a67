import SimulcastCore
import SimulcastTesting
import Testing

@Suite struct FollowPolicyTests {
    static let t0 = ServerTime(micros: 1_700_000_000_000_000)
    let configuration = FollowPolicy.Configuration(
        service: .appleMusic, storefront: "us", seekThresholdMs: 35, minimumCorrectionIntervalMs: 1500, defaultStartLatencyMs: 300, defaultSeekLatencyMs: 100)
    let matchId = Fixtures.appleCestLaVie.id

    func at(_ ms: Double) -> ServerTime { Self.t0.advanced(byMilliseconds: ms) }

    func observe(_ policy: inout FollowPolicy, at ms: Double, track: String?, playing: Bool, position: Double) -> [PlayerCommand] {
        policy.playerObserved(ServerPlayerReading(trackId: track, playing: playing, positionMs: position, at: at(ms)))
    }

    @Test func waitsForARoom() {
        var policy = FollowPolicy(configuration: configuration)
        #expect(observe(&policy, at: 0, track: nil, playing: false, position: 0) == [])
        #expect(policy.status == .waitingForRoom)
    }

    /// Each row: the room (playing?, anchor position at t0), the player's reading at 1 s, the commands expected.
    @Test(arguments: [
        // Nothing loaded, room playing: start at target (1000) plus the default start latency (300).
        (true, 0.0, nil as String?, false, 0.0, [PlayerCommand.load(trackId: "298026101", positionMs: 1300, play: true)]),
        // Nothing loaded, room paused at 42 s: prepare the track paused there.
        (false, 42_000, nil, false, 0, [.load(trackId: "298026101", positionMs: 42_000, play: false)]),
        // Playing while the room is paused: pause.
        (false, 42_000, "298026101", true, 42_100, [.pause]),
        // Paused on the right track while the room plays (a resume): seek ahead by the seek latency and play.
        (true, 0, "298026101", false, 500, [.seek(positionMs: 1100, play: true)]),
        // In sync within the threshold: leave it alone.
        (true, 0, "298026101", true, 1_020, []),
        // Far off with no recent correction: seek, compensating for the seek's own latency.
        (true, 0, "298026101", true, 1_400, [.seek(positionMs: 1100, play: true)]),
        // Another track playing: load the matched one.
        (true, 0, "other", true, 5_000, [.load(trackId: "298026101", positionMs: 1300, play: true)]),
    ])
    func firstDecision(roomPlaying: Bool, anchor: Double, track: String?, playing: Bool, position: Double, expected: [PlayerCommand]) {
        var policy = FollowPolicy(configuration: configuration)
        policy.roomStateReceived(Fixtures.room(positionMs: anchor, at: Self.t0, playing: roomPlaying))
        #expect(observe(&policy, at: 1000, track: track, playing: playing, position: position) == expected)
    }

    @Test func learnsStartLatencyAndCorrectsAtMostEveryInterval() {
        var policy = FollowPolicy(configuration: configuration)
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        #expect(observe(&policy, at: 1000, track: nil, playing: false, position: 0) == [.load(trackId: matchId, positionMs: 1300, play: true)])
        // Still buffering: nothing to judge yet.
        #expect(observe(&policy, at: 1200, track: matchId, playing: false, position: 1300) == [])
        #expect(policy.status == .starting)
        // Audio started at 1350 ms (350 ms latency), so it is 50 ms behind.
        #expect(observe(&policy, at: 1500, track: matchId, playing: true, position: 1450) == [])
        #expect(policy.startLatency.samplesMs == [350])
        #expect(policy.syncErrorMs == -50)
        // 1.5 s after the start command the correction is allowed.
        #expect(observe(&policy, at: 2600, track: matchId, playing: true, position: 2550) == [.seek(positionMs: 2700, play: true)])
        #expect(policy.correctionsThisTrack == 1)
        // The next track starts with the learned latency, not the default.
        policy.roomStateReceived(Fixtures.room(seq: 2, track: Fixtures.sheLooksSoPerfect, match: Fixtures.appleSheLooksSoPerfect, at: at(3000)))
        #expect(
            observe(&policy, at: 3000, track: matchId, playing: true, position: 3000) == [
                .load(trackId: Fixtures.appleSheLooksSoPerfect.id, positionMs: 350, play: true)
            ])
    }

    /// A policy whose player started at once and has landed two seeks, `first` and `second` ms
    /// after they were asked for.
    func policyAfterSeeks(taking first: Double, _ second: Double) -> FollowPolicy {
        var policy = FollowPolicy(configuration: configuration)
        policy.roomStateReceived(Fixtures.room(at: Self.t0))
        _ = observe(&policy, at: 0, track: nil, playing: false, position: 0)
        _ = observe(&policy, at: 400, track: matchId, playing: true, position: 400)  // landed at 0 ms: start latency 0
        #expect(observe(&policy, at: 2000, track: matchId, playing: true, position: 2500) == [.seek(positionMs: 2100, play: true)])
        _ = observe(&policy, at: 2300, track: matchId, playing: true, position: 2100 + 300 - first)
        let target = 4000 + first
        #expect(observe(&policy, at: 4000, track: matchId, playing: true, position: 3500) == [.seek(positionMs: target, play: true)])
        _ = observe(&policy, at: 4400, track: matchId, playing: true, position: target + 400 - second)
        #expect(policy.seekLatency.samplesMs == [first, second])
        return policy
    }

    @Test func aSeekThatLandsShortIsNotChasedBelowItsOwnSpread() {
        // Seeks that took 70 and 130 ms: spread 30 ms, so the threshold rises to 40 ms.
        var policy = policyAfterSeeks(taking: 70, 130)
        #expect(policy.effectiveSeekThresholdMs == 40)
        // 38 ms off: within what a seek can fix, so no new seek even long after.
        #expect(observe(&policy, at: 9000, track: matchId, playing: true, position: 9038) == [])
        #expect(observe(&policy, at: 9100, track: matchId, playing: true, position: 9145) == [.seek(positionMs: 9200, play: true)])
    }

    /// A seek's spread raises the threshold only up to the in-sync figure (a configured threshold
    /// above it stays): further off, the listener is out of sync by the product's own measure,
    /// and the policy acts on a figure no wider than that, so that the status holds. A Chromium
    /// page beside a CPU hog learned a 100 ms spread and stayed 107.9 ms from the host.
    @Test func aWideSpreadNeverLeavesAListenerOutOfSync() {
        // Seeks that took 50 and 250 ms: spread 100 ms, a threshold of 110 ms without the ceiling.
        var policy = policyAfterSeeks(taking: 50, 250)
        #expect(policy.effectiveSeekThresholdMs == InSync.thresholdMs)
        #expect(observe(&policy, at: 9000, track: matchId, playing: true, position: 9045) == [])
        #expect(observe(&policy, at: 9100, track: matchId, playing: true, position: 9160) == [.seek(positionMs: 9250, play: true)])
    }

    /// A seek's spread is a playing player's precision (when it lands); a paused player's seek
    /// has no timing, so it is placed at the room's position within the configured threshold.
    /// Two real mpv players under load stayed 56.6 ms apart through a pause, the learned spread
    /// having raised the threshold past it.
    @Test func aPausedPlayerIsPlacedWithinTheConfiguredThresholdWhateverItsSeeksSpread() {
        var policy = policyAfterSeeks(taking: 50, 250)
        #expect(policy.effectiveSeekThresholdMs == 50)
        // The host pauses at 5000; the listener's pause lands 45 ms later.
        policy.roomStateReceived(Fixtures.room(seq: 2, positionMs: 5000, at: at(5000), playing: false))
        #expect(observe(&policy, at: 5020, track: matchId, playing: true, position: 5030) == [.pause])
        #expect(observe(&policy, at: 5300, track: matchId, playing: false, position: 5045) == [.seek(positionMs: 5000, play: false)])
        #expect(observe(&policy, at: 5600, track: matchId, playing: false, position: 5020) == [])
    }

    @Test func aTrackWithoutAMatchStopsThePlayerOnce() {
        var policy = FollowPolicy(configuration: configuration)
        policy.roomStateReceived(Fixtures.room(match: nil, at: Self.t0))
        #expect(observe(&policy, at: 0, track: "old", playing: true, position: 0) == [.stop(reason: "not in the catalog")])
        #expect(policy.status == .noMatch(reason: "not in the catalog"))
        #expect(observe(&policy, at: 100, track: nil, playing: false, position: 0) == [])
    }

    @Test func aTrackStillBeingMatchedWaits() {
        var policy = FollowPolicy(configuration: configuration)
        var room = Fixtures.room(at: Self.t0)
        room.track?.matches = []
        policy.roomStateReceived(room)
        #expect(observe(&policy, at: 0, track: nil, playing: false, position: 0) == [])
        #expect(policy.status == .matching)
    }

    @Test func whenTheHostHasGoneTheTrackFinishesThenHolds() {
        var policy = FollowPolicy(configuration: configuration)
        // 177 s into a 178 s track, host gone.
        policy.roomStateReceived(Fixtures.room(positionMs: 177_000, at: Self.t0, hostConnected: false))
        #expect(observe(&policy, at: 500, track: matchId, playing: true, position: 177_500) == [])
        #expect(observe(&policy, at: 2000, track: matchId, playing: true, position: 179_000) == [.pause])
        #expect(policy.status == .holding)
    }

    @Test func ignoresStaleStatesUntilAReconnect() {
        var policy = FollowPolicy(configuration: configuration)
        policy.roomStateReceived(Fixtures.room(seq: 5, positionMs: 10_000, at: Self.t0))
        policy.roomStateReceived(Fixtures.room(seq: 4, positionMs: 99_000, at: Self.t0))
        #expect(policy.room?.seq == 5)
        // A restarted server may count from lower: after a reconnect its state is taken.
        policy.connectionRestarted()
        policy.roomStateReceived(Fixtures.room(seq: 2, positionMs: 99_000, at: Self.t0))
        #expect(policy.room?.anchor.positionMs == 99_000)
    }
}
