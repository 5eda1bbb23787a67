import SimulcastCore
import SimulcastTesting
import Testing

@Suite struct HostPlaybackTests {
    func ms(_ value: Double) -> LocalTime { LocalTime(micros: 0).advanced(byMilliseconds: value) }

    /// Issue 23: a queue change is not a host action on the timeline, and must not turn the
    /// last action into a re-anchor (a listener that only got the later state would take a
    /// seek for a heartbeat).
    @Test func aQueueChangeKeepsTheLastActionsIntent() throws {
        var host = HostPlayback()
        try host.apply(HostEvent(.play, at: ms(0), track: Fixtures.cestLaVie, positionMs: 0, queue: [Fixtures.sheLooksSoPerfect]))
        try host.apply(HostEvent(.seek, at: ms(1_000), positionMs: 60_000))
        try host.apply(HostEvent(.queue, at: ms(1_100), queue: [Fixtures.solayoh]))
        #expect(host.snapshot(at: ms(1_200), serverTime: 5).intent == .seek)
        #expect(host.queue == [Fixtures.solayoh])
        // A heartbeat still says re-anchor.
        #expect(host.snapshot(at: ms(1_200), serverTime: 5, intent: .reanchor).intent == .reanchor)
    }

    @Test func followsAScript() throws {
        var host = HostPlayback()
        try host.apply(HostEvent(.play, at: ms(0), track: Fixtures.cestLaVie, positionMs: 42_000, queue: [Fixtures.sheLooksSoPerfect, Fixtures.solayoh]))
        #expect(host.positionMs(at: ms(1_500)) == 43_500)
        try host.apply(HostEvent(.pause, at: ms(2_000)))
        #expect(host.positionMs(at: ms(10_000)) == 44_000)
        try host.apply(HostEvent(.resume, at: ms(10_000)))
        try host.apply(HostEvent(.seek, at: ms(11_000), positionMs: 120_000))
        #expect(host.positionMs(at: ms(12_000)) == 121_000)
        try host.apply(HostEvent(.skip, at: ms(13_000)))
        #expect(host.track == Fixtures.sheLooksSoPerfect)
        #expect(host.queue == [Fixtures.solayoh])
        #expect(host.positionMs(at: ms(13_250)) == 250)
        // Past the end the position stays at the track's length.
        #expect(host.positionMs(at: ms(13_000 + 500_000)) == 202_000)
        let snapshot = host.snapshot(at: ms(14_000), serverTime: 77)
        #expect(snapshot.anchor == PlaybackAnchor(positionMs: 1_000, at: 77))
        #expect(snapshot.playing)
        try host.apply(HostEvent(.stop, at: ms(15_000)))
        #expect(host.snapshot(at: ms(15_000), serverTime: 0).track == nil)
    }

    @Test(arguments: [HostEvent.Kind.pause, .resume, .seek])
    func refusesControlsWithNothingPlaying(kind: HostEvent.Kind) {
        var host = HostPlayback()
        #expect(throws: HostPlayback.ApplyError.nothingPlaying(kind)) { try host.apply(HostEvent(kind, at: 0)) }
    }

    @Test func skipWithAnEmptyQueueNeedsATrack() {
        var host = HostPlayback()
        #expect(throws: HostPlayback.ApplyError.needsTrack(.skip)) { try host.apply(HostEvent(.skip, at: 0)) }
    }
}
