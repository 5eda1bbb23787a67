import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// The listener session's decisions as a value: the player read after clock sync and after
/// each room state, the policy's commands in this machine's time, and the reports at most once
/// an interval and only while connected. No connection, no player, no clock.
@Suite struct ListenerSessionCoreTests {
    /// This machine's clock is 5 s behind the server's.
    static let local0 = LocalTime(micros: 1_000_000_000)
    static let server0 = ServerTime(micros: 1_005_000_000)
    static let configuration = FollowPolicy.Configuration(
        service: .appleMusic, storefront: "us", seekThresholdMs: 35, minimumCorrectionIntervalMs: 1500, defaultStartLatencyMs: 300, defaultSeekLatencyMs: 100)
    static let welcome = Wire.Welcome(role: .listener, room: "ROOMROOMRM", connectionId: "c1", serverTime: server0)
    static let matchId = Fixtures.appleCestLaVie.id

    static var clockSync: ClockSync {
        var sync = ClockSync()
        _ = sync.add(
            ClockSample(
                t0: local0, t1: ServerTime(micros: server0.micros + 500), t2: ServerTime(micros: server0.micros + 500), t3: local0.advanced(by: 1_000)))
        return sync
    }

    static func local(_ ms: Int64) -> LocalTime { local0.advanced(by: ms * 1_000) }
    static func nothingLoaded(at ms: Int64) -> LocalPlayerReading { LocalPlayerReading(trackId: nil, playing: false, positionMs: 0, at: local(ms)) }

    static func reports(in actions: [ListenerSessionCore.Action]) -> [Wire.ListenerReport] {
        actions.compactMap { if case .send(.listenerReport(let report)) = $0 { report } else { nil } }
    }

    @Test func theSyncDecidesNothingUntilClockSyncAndReadsThePlayerAfterIt() {
        var core = ListenerSessionCore(policy: Self.configuration)
        #expect(core.observed(Self.nothingLoaded(at: 0), clockSync: Self.clockSync) == [], "no clock sync yet")
        #expect(core.handle(.joined(Self.welcome), at: Self.local0) == [])
        #expect(core.handle(.clockSynchronised, at: Self.local0) == [.readPlayer])
        #expect(core.handle(.roomState(Fixtures.room(at: Self.server0)), at: Self.local0) == [.readPlayer])
        #expect(core.handle(.clockStepped, at: Self.local0) == [])
    }

    @Test func thePoliciesCommandsComeOutWithAReportAtMostOnceAnInterval() {
        var core = ListenerSessionCore(policy: Self.configuration)
        _ = core.handle(.joined(Self.welcome), at: Self.local0)
        _ = core.handle(.clockSynchronised, at: Self.local0)
        _ = core.handle(.roomState(Fixtures.room(at: Self.server0)), at: Self.local0)
        // One second into the room's song, nothing loaded: load it where the room will be.
        let first = core.observed(Self.nothingLoaded(at: 1_000), clockSync: Self.clockSync)
        #expect(first.first == .perform(.load(trackId: Self.matchId, positionMs: 1_300, play: true)))
        #expect(Self.reports(in: first).map(\.measuredAt) == [Self.server0.advanced(byMilliseconds: 1_000)], "read at the server's time")
        let buffering = LocalPlayerReading(trackId: Self.matchId, playing: false, positionMs: 1_300, at: Self.local(1_500))
        #expect(Self.reports(in: core.observed(buffering, clockSync: Self.clockSync)).isEmpty, "the next report is due a second later")
        let playing = LocalPlayerReading(trackId: Self.matchId, playing: true, positionMs: 1_700, at: Self.local(2_000))
        let report = Self.reports(in: core.observed(playing, clockSync: Self.clockSync))
        #expect(report.map(\.trackId) == [Self.matchId])
        #expect(report.map(\.seq) == [1])
    }

    /// An embedded player's ad (or a stall) reads as waiting: nothing is asked of the player
    /// while it lasts, and afterwards the ad is not learned as the load's latency (before, the
    /// first reading after a 5-second pre-roll landed the load 5 s late, and every later start
    /// was aimed seconds ahead); the video behind the room is corrected with one seek.
    @Test func aPlayerThatWaitsIsNotChasedAndItsWaitIsNoLatency() {
        var core = ListenerSessionCore(policy: Self.configuration)
        _ = core.handle(.joined(Self.welcome), at: Self.local0)
        _ = core.handle(.clockSynchronised, at: Self.local0)
        _ = core.handle(.roomState(Fixtures.room(at: Self.server0)), at: Self.local0)
        let load = core.observed(Self.nothingLoaded(at: 1_000), clockSync: Self.clockSync)
        #expect(load.first == .perform(.load(trackId: Self.matchId, positionMs: 1_300, play: true)))
        for ms in stride(from: Int64(1_500), through: 6_500, by: 100) {
            let ad = LocalPlayerReading(trackId: Self.matchId, playing: false, positionMs: 1_300, at: Self.local(ms), waiting: true)
            let actions = core.observed(ad, clockSync: Self.clockSync)
            #expect(!actions.contains { if case .perform = $0 { true } else { false } }, "at \(ms) ms: \(actions)")
        }
        // The ad is over: the video plays from where it was loaded, 5.3 s behind the room.
        let after = core.observed(LocalPlayerReading(trackId: Self.matchId, playing: true, positionMs: 1_400, at: Self.local(6_600)), clockSync: Self.clockSync)
        let seeks = after.compactMap { if case .perform(.seek(let position, _)) = $0 { position } else { nil } }
        #expect(seeks.count == 1, "\(after)")
        #expect((seeks.first ?? 0) > 6_600, "aimed where the room will be")
        #expect(core.policy.startLatency.samplesMs.allSatisfy { $0 < 1_000 }, "the ad learned as a start latency: \(core.policy.startLatency.samplesMs)")
    }

    @Test func aDisconnectedListenerKeepsFollowingButReportsNothing() {
        var core = ListenerSessionCore(policy: Self.configuration)
        _ = core.handle(.joined(Self.welcome), at: Self.local0)
        _ = core.handle(.clockSynchronised, at: Self.local0)
        _ = core.handle(.roomState(Fixtures.room(at: Self.server0)), at: Self.local0)
        #expect(core.handle(.disconnected(reason: "network"), at: Self.local0) == [])
        let actions = core.observed(Self.nothingLoaded(at: 1_000), clockSync: Self.clockSync)
        #expect(actions == [.perform(.load(trackId: Self.matchId, positionMs: 1_300, play: true))])
        #expect(!core.status(at: Self.local(1_000), clockUncertaintyMs: nil).connected)
    }

    @Test func aScheduledStartIsInThisMachinesTime() throws {
        var configuration = Self.configuration
        configuration.canScheduleStart = true
        var core = ListenerSessionCore(policy: configuration)
        var policy = FollowPolicy(configuration: configuration)
        let room = Fixtures.room(at: Self.server0)
        _ = core.handle(.clockSynchronised, at: Self.local0)
        _ = core.handle(.roomState(room), at: Self.local0)
        policy.roomStateReceived(room)
        let reading = Self.nothingLoaded(at: 1_000)
        let commands = policy.playerObserved(reading.at(Self.server0.advanced(byMilliseconds: 1_000)))
        guard case .start(let trackId, let position, let serverTime) = try #require(commands.first) else {
            Issue.record("a player that can schedule starts is given a start, not \(commands)")
            return
        }
        let actions = core.observed(reading, clockSync: Self.clockSync)
        #expect(actions.first == .start(trackId: trackId, positionMs: position, atLocalTime: LocalTime(micros: serverTime.micros - 5_000_000)))
    }

    @Test func aReactionIsShownForFourSeconds() {
        var core = ListenerSessionCore(policy: Self.configuration)
        let reaction = Wire.RoomReaction(reaction: .fire, from: "Ana")
        #expect(core.handle(.reaction(reaction), at: Self.local0) == [])
        #expect(core.status(at: Self.local(3_999), clockUncertaintyMs: nil).reaction == reaction)
        #expect(core.status(at: Self.local(4_000), clockUncertaintyMs: nil).reaction == nil)
    }
}
