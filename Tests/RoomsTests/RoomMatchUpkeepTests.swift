import SimulcastCore
import Testing

@testable import Rooms

/// A room's match bookkeeping as a table of cases, without a hub or a store: which answers it
/// takes, what it asks for and when it asks again, and how answers are batched.
@Suite struct RoomMatchUpkeepTests {
    static let apple = ServiceMatchKey(service: .appleMusic, storefront: "us")
    static let deezer = ServiceMatchKey(service: .deezer, storefront: "fr")
    static let song = TrackMetadata(service: .spotify, id: "sp1", title: "Song", artists: ["Ana"], durationMs: 200_000)
    static let queued = TrackMetadata(service: .spotify, id: "sp2", title: "Next", artists: ["Ana"], durationMs: 180_000)
    static let start = ServerTime(micros: 1_000_000_000)

    static func key(_ source: TrackMetadata, _ pair: ServiceMatchKey = apple) -> MatchCacheKey {
        MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: pair.service, storefront: pair.storefront)
    }

    static let found = MatchResult.matched(
        TrackMetadata(service: .appleMusic, id: "am1", title: "Song", artists: ["Ana"]), method: MatchMethod(.simulcast, .isrc))
    static let unavailable = MatchResult(status: .unavailable, method: MatchMethod(.simulcast))

    /// The song playing (matched with `result` on Apple Music, if given), and `queued` next unless `withQueue` is false.
    static func state(matching result: MatchResult? = nil, withQueue: Bool = true) -> RoomState {
        var state = RoomState(
            seq: 1, track: RoomTrack(source: song), anchor: PlaybackAnchor(positionMs: 0, at: start), playing: true,
            queue: withQueue ? [RoomTrack(source: queued)] : [],
            hostConnected: true)
        if let result { _ = state.setMatch(result, for: song, service: .appleMusic, storefront: "us") }
        return state
    }

    static func upkeep(following pairs: [ServiceMatchKey] = [apple], corrections: [MatchCacheKey: MatchResult] = [:]) -> RoomMatchUpkeep {
        var upkeep = RoomMatchUpkeep(corrections: corrections)
        for pair in pairs { upkeep.listenerJoined(on: pair) }
        return upkeep
    }

    /// What `upkeep` asks for on `pairs` at `now`; `probing` may go out as a down service's probe.
    static func asks(
        _ upkeep: inout RoomMatchUpkeep, _ pairs: Set<ServiceMatchKey> = [apple], in state: RoomState, at now: ServerTime, probing: MusicService? = nil
    ) -> [MatchCacheKey] {
        upkeep.requests(for: pairs, in: state, now: now, mayProbe: { $0 == probing }).map(\.key)
    }

    /// Whether `upkeep` takes `result` for the song (a mutating call, kept out of `#expect`).
    static func takes(_ upkeep: inout RoomMatchUpkeep, _ result: MatchResult, for key: MatchCacheKey = key(song), at now: ServerTime = start) -> Bool {
        upkeep.accepts(result, key: key, now: now)
    }

    @Test func pairsAreCountedAndTheLimitAdmitsOnlyPairsAlreadyFollowed() {
        var upkeep = Self.upkeep(following: [Self.apple, Self.apple])
        #expect(upkeep.admits(Self.apple, limit: 1))
        #expect(!upkeep.admits(Self.deezer, limit: 1))
        #expect(upkeep.admits(Self.deezer, limit: 2))
        upkeep.listenerLeft(from: Self.apple)
        #expect(upkeep.activePairs == [Self.apple])
        upkeep.listenerLeft(from: Self.apple)
        #expect(upkeep.activePairs.isEmpty)
    }

    @Test(arguments: [
        // (answer for, pair followed, corrected, taken)
        (Self.apple, true, false, true),
        (Self.apple, false, false, false),
        (Self.apple, true, true, false),
        (Self.deezer, true, false, false),
    ])
    func anAnswerIsTakenOnlyForAFollowedPairWithoutACorrection(pair: ServiceMatchKey, followed: Bool, corrected: Bool, taken: Bool) {
        let key = Self.key(Self.song, pair)
        var upkeep = Self.upkeep(following: followed ? [Self.apple] : [], corrections: corrected ? [key: Self.found] : [:])
        let took = Self.takes(&upkeep, Self.found, for: key)
        #expect(took == taken)
    }

    @Test func everyTrackWithoutAMatchIsAskedForOnceAndACorrectedOneNever() {
        var upkeep = Self.upkeep(corrections: [Self.key(Self.queued): Self.found])
        let asked = Self.asks(&upkeep, in: Self.state(), at: Self.start)
        #expect(asked == [Self.key(Self.song)])
        let onDeezer = Self.asks(&upkeep, [Self.deezer], in: Self.state(), at: Self.start)
        #expect(onDeezer.count == 2)
    }

    @Test func anUnavailableTrackIsAskedAgainAfterFiveFifteenAndSixtySecondsThenEveryFiveMinutes() {
        var upkeep = Self.upkeep()
        let state = Self.state(matching: Self.unavailable, withQueue: false)
        var now = Self.start
        var waits: [Int64] = []
        for _ in 0..<5 {
            let took = Self.takes(&upkeep, Self.unavailable, at: now)
            #expect(took)
            var seconds: Int64 = 0
            while Self.asks(&upkeep, in: state, at: now.advanced(by: .seconds(seconds))).isEmpty, seconds < 1_000 { seconds += 1 }
            waits.append(seconds)
            now = now.advanced(by: .seconds(seconds))
        }
        #expect(waits == [5, 15, 60, 300, 300])
    }

    @Test func aProbeMayAskBeforeTheRetryIsDueAndARecoveryMakesEveryRetryDue() {
        var upkeep = Self.upkeep()
        let state = Self.state(matching: Self.unavailable, withQueue: false)
        _ = Self.takes(&upkeep, Self.unavailable)
        let notDue = Self.asks(&upkeep, in: state, at: Self.start)
        #expect(notDue.isEmpty)
        let probe = Self.asks(&upkeep, in: state, at: Self.start, probing: .appleMusic)
        #expect(probe == [Self.key(Self.song)])
        let recovered = upkeep.serviceRecovered(.appleMusic, now: Self.start)
        #expect(recovered == [Self.apple])
        let afterRecovery = Self.asks(&upkeep, in: state, at: Self.start)
        #expect(afterRecovery == [Self.key(Self.song)])
    }

    @Test func answersArrivingWhileACommitWaitsJoinIt() {
        var upkeep = Self.upkeep()
        let first = upkeep.enqueue((Self.found, Self.song, Self.key(Self.song)))
        let second = upkeep.enqueue((Self.found, Self.queued, Self.key(Self.queued)))
        #expect(first && !second)
        let batch = upkeep.takeQueued().map(\.key)
        #expect(batch == [Self.key(Self.song), Self.key(Self.queued)])
        let next = upkeep.enqueue((Self.found, Self.song, Self.key(Self.song)))
        #expect(next)
    }

    @Test func correctionsReplaceWhatWasMatchedOnlyWhereTheyDiffer() {
        let other = MatchResult.matched(
            TrackMetadata(service: .appleMusic, id: "am2", title: "Song (Live)", artists: ["Ana"]), method: MatchMethod(.correction))
        let matched = Self.state(matching: Self.found)
        #expect(Self.upkeep(corrections: [Self.key(Self.song): Self.found]).applyingCorrections(to: matched) == matched)
        let corrected = Self.upkeep(corrections: [Self.key(Self.song): other]).applyingCorrections(to: matched)
        #expect(corrected.track?.match(for: .appleMusic, storefront: "us") == other)
    }
}
