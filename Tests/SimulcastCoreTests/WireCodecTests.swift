import Foundation
import SimulcastCore
import SimulcastTesting
import Testing

@Suite struct WireCodecTests {
    let codec = WireCodec()

    /// What clients see on the wire; a change here is a protocol change (update docs/PROTOCOL.md).
    @Test(arguments: [
        (
            WireMessage.hello(Wire.Hello(role: .listener, room: "ABC234", service: .appleMusic, storefront: "us")),
            #"{"role":"listener","room":"ABC234","service":"apple-music","storefront":"us","type":"hello","v":1}"#
        ),
        (.timePing(Wire.TimePing(t0: 1_000)), #"{"t0":1000,"type":"time.ping","v":1}"#),
        (.timePong(Wire.TimePong(t0: 1_000, t1: 5_000, t2: 5_010)), #"{"t0":1000,"t1":5000,"t2":5010,"type":"time.pong","v":1}"#),
        (.error(.roomNotFound, "there is no room ABC234"), #"{"code":"room_not_found","message":"there is no room ABC234","type":"error","v":1}"#),
        (
            .listenerReport(Wire.ListenerReport(trackId: "298026101", playing: true, positionMs: 1500.5, measuredAt: 42, syncErrorMs: -3.5, seq: 7)),
            #"{"measuredAt":42,"playing":true,"positionMs":1500.5,"seq":7,"syncErrorMs":-3.5,"trackId":"298026101","type":"listener.report","v":1}"#
        ),
    ])
    func encodesExactly(message: WireMessage, json: String) throws {
        #expect(try codec.encode(message) == json)
        #expect(try codec.decode(json) == message)
    }

    @Test func roomStateRoundTripsWithMatches() throws {
        var state = Fixtures.room(seq: 3, at: 1_700_000_000_000_000)
        state.queue = [RoomTrack(source: Fixtures.sheLooksSoPerfect)]
        let text = try codec.encode(.roomState(state))
        #expect(text.hasPrefix(#"{"anchor":{"positionMs":0,"serverTime":1700000000000000},"hostConnected":true,"playing":true,"queue":[{"matches":[]"#))
        #expect(text.contains(#""type":"room.state","v":1"#))
        #expect(try codec.decode(text) == .roomState(state))
    }

    @Test func hostStateRoundTrips() throws {
        let snapshot = PlaybackSnapshot(
            track: Fixtures.cestLaVie, playing: true, anchor: PlaybackAnchor(positionMs: 42_000, at: 9), queue: [Fixtures.solayoh])
        #expect(try codec.decode(codec.encode(.hostState(snapshot))) == .hostState(snapshot))
    }

    @Test(arguments: [
        ("not json at all", WireDecodingError.notJSON),
        ("[1,2,3]", .notJSON),
        (#"{"v":1}"#, .missingType),
        (#"{"type":"room.delete","v":1}"#, .unknownType("room.delete")),
        (#"{"type":"time.ping","v":2,"t0":1}"#, .unsupportedVersion(2)),
        (#"{"type":"time.ping","v":1}"#, .invalidFields(type: "time.ping", detail: "missing field \"t0\"")),
        (#"{"type":"time.ping","v":1,"t0":"soon"}"#, .invalidFields(type: "time.ping", detail: "t0 should be Int64")),
    ])
    func rejectsBadInput(text: String, expected: WireDecodingError) {
        #expect(throws: expected) { try codec.decode(text) }
    }

    @Test func errorsNeverQuoteValues() {
        let secret = "tok_SECRET_value"
        do {
            _ = try codec.decode(#"{"type":"hello","v":1,"role":"host","room":7,"hostToken":"\#(secret)"}"#)
            Issue.record("should not decode")
        } catch {
            #expect(!error.description.contains(secret))
            #expect(error.code == .malformedMessage)
        }
    }

    /// A number JSON has no form for is an error naming the message, not a crash (the wire
    /// encoder once trapped on it).
    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNumberJSONCannotCarryIsAnError(_ position: Double) {
        let snapshot = PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: PlaybackAnchor(positionMs: position, at: ServerTime(micros: 1)))
        #expect(throws: WireEncodingError(type: "host.state")) { try codec.encode(.hostState(snapshot)) }
        #expect(WireEncodingError(type: "host.state").description.contains("host.state"))
    }

    /// Which refusals are final is defined once, on the wire's codes: every client (the CLI,
    /// the server-followed host, the pages through their close codes) stops on exactly these.
    @Test func finalRefusalsAreDefinedOnTheWireCodes() {
        let final = Wire.ErrorCode.allCases.filter(\.isFinal)
        #expect(Set(final) == [.roomNotFound, .invalidHostToken, .roomMismatch, .unsupportedVersion, .hostReplaced, .roomFull])
        #expect(Wire.ErrorCode.finalCloseCodes == [4400, 4401, 4404, 4409, 4413])
        // A refusal a retry can get past is not final.
        for code in [Wire.ErrorCode.rateLimited, .shuttingDown, .internalError, .malformedMessage, .invalidState] { #expect(!code.isFinal, "\(code)") }
    }
}
