import Foundation
import SimulcastCore
import Testing

/// The room's writer must give `WireCodec`'s bytes for every state, whichever states it wrote
/// before (its kept parts are reused only while equal).
@Suite struct RoomStateWriterTests {
    static let song = TrackMetadata(
        service: .spotify, id: "4uLU6hMCjMI75M1A2tKUQC", title: "Never Gonna Give You Up", artists: ["Rick Astley"], album: "Whenever You Need Somebody",
        durationMs: 213_573, isrc: "GBARL9300135", explicit: false, artworkURL: "https://i.scdn.co/image/ab67616d0000b273")
    static let other = TrackMetadata(service: .spotify, id: "7GhIk7Il098yCjg4BQjzvb", title: "Together Forever", artists: ["Rick Astley"], durationMs: 205_000)
    static let appleMatch = TrackMetadata(
        service: .appleMusic, id: "1558533900", title: "Never Gonna Give You Up", artists: ["Rick Astley"], durationMs: 213_600)

    static var matched: RoomTrack {
        var track = RoomTrack(source: song)
        track.setMatch(
            MatchResult(status: .matched, track: appleMatch, confidence: 0.9375, method: MatchMethod(.simulcast, .isrc), reasons: ["isrc", "duration ±27 ms"]),
            for: .appleMusic, storefront: "us")
        track.setMatch(MatchResult(status: .notFound, method: MatchMethod(.simulcast, .search)), for: .appleMusic, storefront: "jp")
        return track
    }

    /// Every optional field present, with text JSON must escape.
    static var full: RoomState {
        var state = RoomState(
            seq: 41, track: matched, anchor: PlaybackAnchor(positionMs: 61_234.567_8, at: ServerTime(micros: 1_765_000_000_123_456)), playing: true,
            queue: [RoomTrack(source: other)], hostConnected: true)
        state.intent = .seek
        state.hostName = "Ana \"DJ\" / ünï 🎧\n\t\\"
        state.requestPolicy = .ask
        state.requests = [
            SongRequest(
                id: "r1", asked: other, match: other, note: "for Grace", requestedBy: "Ada", supporters: ["Grace"], status: .pending,
                requestedAt: ServerTime(micros: 1_765_000_000_000_000))
        ]
        state.handoverOffer = HandoverOffer(listener: "l-7f3a", to: "Grace", expiresAt: ServerTime(micros: 1_765_000_120_000_000))
        state.suggestions = [MatchSuggestion(sourceId: song.id, service: .appleMusic, storefront: "us", target: appleMatch, listeners: 2)]
        return state
    }

    static func moved(_ state: RoomState, toMs position: Double, seq: Int) -> RoomState {
        var next = state
        next.anchor = PlaybackAnchor(positionMs: position, at: ServerTime(micros: state.anchor.time.micros + 1_000_000))
        next.seq = seq
        return next
    }

    /// States one after another as a room sends them: positions, a pause, a new song, the old
    /// one again, fields coming and going.
    static var sequence: [RoomState] {
        let empty = RoomState.empty(at: ServerTime(micros: 1_765_000_000_000_000))
        var states = [empty, full]
        states.append(moved(full, toMs: 62_235, seq: 42))
        states.append(moved(full, toMs: 0.1, seq: 43))
        var paused = moved(full, toMs: 1e-7, seq: 44)
        paused.playing = false
        paused.intent = .pause
        states.append(paused)
        var next = moved(paused, toMs: 5, seq: 45)
        next.track = RoomTrack(source: other)
        next.queue = []
        next.hostName = nil
        next.requests = nil
        states.append(next)
        var back = moved(full, toMs: 213_573, seq: 46)
        back.handoverOffer = nil
        back.suggestions = []
        back.requestPolicy = .off
        states.append(back)
        states.append(moved(back, toMs: 12_345_678.901, seq: 47))
        var noTrack = empty
        noTrack.seq = 48
        noTrack.hostConnected = true
        states.append(noTrack)
        return states
    }

    @Test func eachStateIsWireCodecsBytesWhateverCameBefore() throws {
        var writer = RoomStateWriter()
        for (index, state) in Self.sequence.enumerated() {
            let expected = try WireCodec().encode(.roomState(state))
            #expect(try writer.text(for: state) == expected, "state \(index)")
            // The same state again, from the kept parts.
            #expect(try writer.text(for: state) == expected, "state \(index), again")
        }
    }

    @Test func aNewWriterAgreesOnEveryStateAlone() throws {
        for state in Self.sequence {
            var writer = RoomStateWriter()
            #expect(try writer.text(for: state) == WireCodec().encode(.roomState(state)))
        }
    }

    @Test func aNumberJSONCannotCarryIsRefusedAsTheCodecRefusesIt() {
        var state = Self.full
        state.anchor.positionMs = .nan
        var writer = RoomStateWriter()
        #expect(throws: WireEncodingError(type: "room.state")) { try writer.text(for: state) }
        #expect(throws: WireEncodingError(type: "room.state")) { try WireCodec().encode(.roomState(state)) }
    }
}
