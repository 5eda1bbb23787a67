import SimulcastCore
import Testing

/// Issue 24's presence, the pure parts: a listener's display name, and the status the room
/// shows for each listener from its match and its last report.
@Suite struct PresenceTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        var raw: String?
        var expected: Result<String?, DisplayName.Problem>
        var testDescription: String { raw.map { "\"\($0)\"" } ?? "none" }
    }

    static let names: [NameCase] = [
        NameCase(raw: nil, expected: .success(nil)),
        NameCase(raw: "   ", expected: .success(nil)),
        NameCase(raw: "  Ana  ", expected: .success("Ana")),
        NameCase(raw: "<b>Zoë</b> 🎧", expected: .success("<b>Zoë</b> 🎧")),
        NameCase(raw: String(repeating: "x", count: 32), expected: .success(String(repeating: "x", count: 32))),
        NameCase(raw: String(repeating: "x", count: 33), expected: .failure(.tooLong(characters: 33))),
        NameCase(raw: "Ana\u{0007}", expected: .failure(.controlCharacters)),
        NameCase(raw: "Ana\nBob", expected: .failure(.controlCharacters)),
        NameCase(raw: "\u{202E}anA", expected: .failure(.controlCharacters)),
        NameCase(raw: "👩‍👩‍👧", expected: .success("👩‍👩‍👧")),
    ]

    @Test(arguments: names) func displayName(_ c: NameCase) {
        #expect(DisplayName.normalise(c.raw) == c.expected)
    }

    static let t0 = ServerTime(micros: 1_800_000_000_000_000)
    static let source = TrackMetadata(service: .spotify, id: "s", title: "S", artists: ["A"], durationMs: 200_000)
    static let target = TrackMetadata(service: .appleMusic, id: "am-s", title: "S", artists: ["A"], durationMs: 200_000)

    struct StatusCase: Sendable, CustomTestStringConvertible {
        var name: String
        var playing = true
        var match: MatchResult?
        var report: Wire.ListenerReport?
        var expected: PresenceStatus
        var testDescription: String { name }
    }

    static func report(_ trackId: String?, playing: Bool = true, error: Double?) -> Wire.ListenerReport {
        Wire.ListenerReport(trackId: trackId, playing: playing, positionMs: 1_000, measuredAt: t0, syncErrorMs: error)
    }

    static let statuses: [StatusCase] = [
        StatusCase(name: "the room is paused", playing: false, match: .matched(target, method: MatchMethod(.simulcast)), expected: .idle),
        StatusCase(name: "not matched yet", match: nil, expected: .matching),
        StatusCase(name: "no match", match: .notFound(method: MatchMethod(.simulcast), reasons: ["not in the catalog"]), expected: .noMatch),
        StatusCase(name: "matched, no report yet", match: .matched(target, method: MatchMethod(.simulcast)), expected: .catchingUp),
        StatusCase(
            name: "within 50 ms", match: .matched(target, method: MatchMethod(.simulcast)), report: report("am-s", error: -12), expected: .inSync),
        StatusCase(
            name: "over 50 ms", match: .matched(target, method: MatchMethod(.simulcast)), report: report("am-s", error: 80), expected: .catchingUp),
        StatusCase(
            name: "still on the last track", match: .matched(target, method: MatchMethod(.simulcast)), report: report("am-old", error: 3),
            expected: .catchingUp),
        StatusCase(
            name: "paused for themselves", match: .matched(target, method: MatchMethod(.simulcast)),
            report: report("am-s", playing: false, error: nil), expected: .idle),
    ]

    @Test(arguments: statuses) func status(_ c: StatusCase) {
        var track = RoomTrack(source: Self.source)
        if let match = c.match { track.setMatch(match, for: .appleMusic, storefront: "us") }
        let room = RoomState(seq: 1, track: track, anchor: PlaybackAnchor(positionMs: 0, at: Self.t0), playing: c.playing, hostConnected: true)
        #expect(PresenceStatus.of(room: room, service: .appleMusic, storefront: "us", report: c.report) == c.expected)
    }
}

/// A hello's name is held to `DisplayName` before anyone joins.
@Suite struct HelloNameLimitTests {
    @Test func aNameOutsideTheRulesRefusesTheHello() {
        let limits = WireLimits()
        func hello(_ name: String?) -> Wire.Hello { Wire.Hello(role: .listener, room: "K7PQ2MXR9T", service: .appleMusic, storefront: "us", name: name) }
        #expect(limits.problem(with: hello("Ana"), services: [.appleMusic]) == nil)
        #expect(limits.problem(with: hello(nil), services: [.appleMusic]) == nil)
        #expect(limits.problem(with: hello(String(repeating: "é", count: 40)), services: [.appleMusic]) == "name has 40 characters; at most 32 are accepted")
        #expect(limits.problem(with: hello("a\u{0000}b"), services: [.appleMusic]) == "name must not contain control characters")
    }
}
