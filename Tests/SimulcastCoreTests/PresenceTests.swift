import SimulcastCore
import SimulcastTesting
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
        // Issue 33: what a name weighs, not only how many characters it shows.
        NameCase(raw: "a" + String(repeating: "\u{0301}", count: 30_000), expected: .failure(.tooManyBytes(bytes: 60_001))),
        NameCase(raw: Array(repeating: "👩", count: 8_000).joined(separator: "\u{200D}"), expected: .failure(.tooManyBytes(bytes: 55_997))),
        NameCase(raw: "a\u{0301}\u{0302}\u{0303}\u{0304}", expected: .failure(.stackedCharacter)),
        NameCase(raw: "Việt Nguyễn", expected: .success("Việt Nguyễn")),
        NameCase(raw: "Vie\u{0323}\u{0302}t", expected: .success("Vie\u{0323}\u{0302}t")),
        NameCase(raw: "👨‍👩‍👧‍👦 family", expected: .success("👨‍👩‍👧‍👦 family")),
        NameCase(raw: "👩🏽‍❤️‍💋‍👨🏻", expected: .success("👩🏽‍❤️‍💋‍👨🏻")),
        NameCase(raw: "👨‍👩‍👧‍👦‍👦", expected: .failure(.stackedCharacter)),
        NameCase(raw: String(repeating: "🎧", count: 32), expected: .success(String(repeating: "🎧", count: 32))),
        NameCase(raw: String(repeating: "🎧", count: 33), expected: .failure(.tooManyBytes(bytes: 132))),
        NameCase(raw: String(repeating: "音", count: 32), expected: .success(String(repeating: "音", count: 32))),
        NameCase(raw: String(repeating: "🇫🇷", count: 17), expected: .failure(.tooManyBytes(bytes: 136))),
        // Bidi and invisible formatting characters.
        NameCase(raw: "\u{2067}Ana\u{2069}", expected: .failure(.controlCharacters)),
        NameCase(raw: "Ana\u{200F}", expected: .failure(.controlCharacters)),
        NameCase(raw: "A\u{200B}na", expected: .failure(.controlCharacters)),
        // Names that render as nothing.
        NameCase(raw: "\u{3164}", expected: .failure(.blank)),
        NameCase(raw: "\u{3164}\u{3164}\u{115F}", expected: .failure(.blank)),
        NameCase(raw: "\u{2800}\u{2800}", expected: .failure(.blank)),
        NameCase(raw: "\u{0301}", expected: .failure(.blank)),
        NameCase(raw: "\u{FE0F}", expected: .failure(.blank)),
        // The host's label and its look-alikes.
        NameCase(raw: "Host", expected: .failure(.reserved)),
        NameCase(raw: "host", expected: .failure(.reserved)),
        NameCase(raw: "HOST 🎧", expected: .failure(.reserved)),
        NameCase(raw: "Ｈｏｓｔ", expected: .failure(.reserved)),
        NameCase(raw: "\u{041D}ost", expected: .failure(.reserved)),  // Cyrillic capital En
        NameCase(raw: "H\u{03BF}st", expected: .failure(.reserved)),  // Greek omicron
        NameCase(raw: "\u{0397}\u{039F}\u{0405}\u{03A4}", expected: .failure(.reserved)),  // Greek Eta, Omicron, Cyrillic Dze, Greek Tau
        NameCase(raw: "H0st", expected: .failure(.reserved)),
        NameCase(raw: "Hóst", expected: .failure(.reserved)),
        NameCase(raw: "H o s t", expected: .failure(.reserved)),
        NameCase(raw: "Host2", expected: .failure(.reserved)),
        NameCase(raw: "The host", expected: .failure(.reserved)),
        NameCase(raw: "Ghost", expected: .success("Ghost")),
        NameCase(raw: "Hostess", expected: .success("Hostess")),
        NameCase(raw: "Ana (not the host)", expected: .failure(.reserved)),
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
    /// Issue 33: a name the rules refuse no longer refuses the hello: the room names the
    /// listener "Listener N" and its welcome says why (`ReactionTests`).
    @Test func aNameOutsideTheRulesDoesNotRefuseTheHello() {
        let limits = WireLimits()
        func hello(_ name: String?) -> Wire.Hello { Wire.Hello(role: .listener, room: "K7PQ2MXR9T", service: .appleMusic, storefront: "us", name: name) }
        for name in ["Ana", nil, String(repeating: "é", count: 40), "a\u{0000}b", "Host"] as [String?] {
            #expect(limits.problem(with: hello(name), services: [.appleMusic]) == nil)
        }
    }

    /// Presence never weighs more than its budget, whatever names reach it.
    @Test func presenceIsTrimmedToItsBudget() {
        let heavy = String(repeating: "x", count: 2_000)
        let listeners = (0..<50).map { RoomPresence.Listener(id: "listener-\($0)", name: heavy + "\($0)", service: .appleMusic, status: .inSync) }
        let presence = RoomPresence(count: 70, services: ["apple-music": 70], statuses: ["inSync": 70], listeners: listeners, hostConnected: true)
        let codec = WireCodec()
        let size = { (presence: RoomPresence) in codec.text(.roomPresence(presence)).utf8.count }
        #expect(size(presence) > RoomPresence.budgetBytes)
        let fitting = presence.within(encodedSize: size)
        #expect(size(fitting) <= RoomPresence.budgetBytes)
        #expect(fitting.count == 70 && !fitting.listeners.isEmpty && fitting.listeners == Array(listeners.prefix(fitting.listeners.count)))
    }
}
