import SimulcastCore
import SimulcastTesting
import Testing

@Suite struct RoomStateTests {
    let apple = MatchResult.matched(Fixtures.appleCestLaVie, method: MatchMethod(.simulcast))

    @Test func sameTrackKeepsItsMatchesANewTrackStartsWithout() {
        var state = RoomState.empty(at: 0).applying(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: .init(positionMs: 0, at: 10)))
        #expect(state.seq == 1)
        let changed = state.setMatch(apple, for: Fixtures.cestLaVie, service: .appleMusic, storefront: "us")
        #expect(changed)
        #expect(state.seq == 2)
        let paused = state.applying(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: false, anchor: .init(positionMs: 5_000, at: 20)))
        #expect(paused.track?.match(for: .appleMusic, storefront: "us") == apple)
        #expect(!paused.playing)
        let next = paused.applying(PlaybackSnapshot(track: Fixtures.solayoh, playing: true, anchor: .init(positionMs: 0, at: 30)))
        #expect(next.track?.matches == [])
        #expect(next.tracksNeedingMatch(service: .appleMusic, storefront: "us") == [Fixtures.solayoh])
    }

    @Test func aQueuedTrackBringsItsMatchWhenItStarts() {
        var state = RoomState.empty(at: 0).applying(
            PlaybackSnapshot(track: Fixtures.solayoh, playing: true, anchor: .init(positionMs: 0, at: 10), queue: [Fixtures.cestLaVie]))
        #expect(state.tracksNeedingMatch(service: .appleMusic, storefront: "us") == [Fixtures.solayoh, Fixtures.cestLaVie])
        _ = state.setMatch(apple, for: Fixtures.cestLaVie, service: .appleMusic, storefront: "us")
        let skipped = state.applying(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: .init(positionMs: 0, at: 20), queue: []))
        #expect(skipped.track?.match(for: .appleMusic, storefront: "us") == apple)
        #expect(skipped.queue.isEmpty)
    }

    @Test func aMatchForATrackNoLongerHeldIsDropped() {
        var state = Fixtures.room(at: 0)
        let changed = state.setMatch(apple, for: Fixtures.solayoh, service: .appleMusic, storefront: "us")
        #expect(!changed)
        #expect(state.seq == 1)
    }

    @Test(arguments: [(true, 1_000.0), (false, 0.0)])
    func targetPosition(playing: Bool, expected: Double) {
        let state = Fixtures.room(positionMs: 0, at: 0, playing: playing)
        #expect(state.targetPositionMs(atServerTime: 1_000_000) == expected)
    }

    @Test func targetStopsAtTheTrackEnd() {
        let state = Fixtures.room(positionMs: 177_000, at: 0)
        #expect(state.targetPositionMs(atServerTime: 5_000_000) == 178_000)
    }
}
