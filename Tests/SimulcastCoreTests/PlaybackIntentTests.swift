import Foundation
import SimulcastCore
import Testing

/// Seek and re-anchor as intent on the wire (issue 13): the host says which it meant, so a
/// listener no longer guesses from a 50 ms difference.
@Suite struct PlaybackIntentTests {
    static let track = TrackMetadata(service: .spotify, id: "t", title: "T", artists: [], durationMs: 300_000)

    @Test(arguments: [
        (HostEvent(.play, at: 1_000_000, track: track), PlaybackIntent.play),
        (HostEvent(.pause, at: 1_000_000), .pause),
        (HostEvent(.resume, at: 1_000_000), .resume),
        (HostEvent(.seek, at: 1_000_000, positionMs: 9_000), .seek),
        (HostEvent(.reanchor, at: 1_000_000, positionMs: 1_080), .reanchor),
        // A queue change keeps the last action's meaning (here the play before it).
        (HostEvent(.queue, at: 1_000_000, queue: []), .play),
    ])
    func eachHostEventSaysWhatItMeant(event: HostEvent, intent: PlaybackIntent) throws {
        var host = HostPlayback()
        try host.apply(HostEvent(.play, at: 0, track: Self.track))
        try host.apply(event)
        #expect(host.snapshot(at: 1_000_000, serverTime: 5).intent == intent)
        // A heartbeat re-anchors whatever came before.
        #expect(host.snapshot(at: 2_000_000, serverTime: 6, intent: .reanchor).intent == .reanchor)
    }

    @Test func aPollThatReMeasuredThePlayerIsAReanchorNotASeek() {
        let events = PollChangeEvents.events(for: .reanchored(positionMs: 1_234, at: 7), startedTrack: nil)
        #expect(events.map(\.kind) == [.reanchor])
    }

    /// A heartbeat 80 ms off the old timeline: with the host's word it is a re-anchor and the
    /// pending start stands; an older host's is judged by the 50 ms rule and resets it.
    @Test(arguments: [(PlaybackIntent.reanchor as PlaybackIntent?, true), (nil, false)])
    func aSaidReanchorKeepsThePendingCommand(intent: PlaybackIntent?, keeps: Bool) {
        var policy = FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us"))
        var room = NextTrackStartTests.room(NextTrackStartTests.current, positionMs: 10_000, seq: 1)
        policy.roomStateReceived(room)
        let first = NextTrackStartTests.observe(&policy, at: 0, track: nil, playing: false, position: 0)
        #expect(first == [.load(trackId: "am-a", positionMs: 10_300, play: true)])
        room.seq = 2
        room.anchor = PlaybackAnchor(positionMs: 11_080, at: NextTrackStartTests.at(1_000))
        room.intent = intent
        policy.roomStateReceived(room)
        // Still loading: with the pending start kept there is nothing to do.
        let next = NextTrackStartTests.observe(&policy, at: 1_100, track: "am-a", playing: false, position: 10_300)
        #expect(next.isEmpty == keeps, "\(next)")
    }

    @Test func anUnknownIntentDecodesAndAnOverlongOneIsRefused() throws {
        let decoded = try JSONDecoder().decode(PlaybackIntent.self, from: Data(#""rewind""#.utf8))
        #expect(decoded.rawValue == "rewind")
        let snapshot = PlaybackSnapshot(
            track: Self.track, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: 1_000),
            intent: PlaybackIntent(rawValue: String(repeating: "x", count: 17)))
        #expect(WireLimits().problem(with: snapshot, now: ServerTime(micros: 1_000))?.contains("intent") == true)
    }
}
