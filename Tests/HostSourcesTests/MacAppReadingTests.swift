import HostSources
import SimulcastCore
import Testing

/// Every answer the Spotify and Music apps give `MacMusicApp.scriptLines` (and every way
/// `osascript` fails), read into what the source needs. The fields are separated by U+001F.
@Suite struct MacAppReadingTests {
    static func line(_ fields: String...) -> String { fields.joined(separator: "\u{1F}") + "\n" }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var app: MacMusicApp
        var output: AppleScriptOutput
        var expected: MacAppReading
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Spotify playing", app: .spotify,
            output: AppleScriptOutput(
                status: 0,
                standardOutput: line("track", "playing", "spotify:track:4dE2vWsTtOBBWmuJY4vkVf", "C'est La Vie", "B*Witched", "B*Witched", "178133", "61.25")),
            expected: .track(
                MacAppTrack(
                    service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artist: "B*Witched", album: "B*Witched", durationMs: 178_133,
                    positionMs: 61_250, playing: true))),
        Case(
            name: "Spotify paused, a comma for the decimal point", app: .spotify,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "paused", "spotify:track:abc123", "Song", "Artist", "Album", "200000", "12,5")),
            expected: .track(
                MacAppTrack(
                    service: .spotify, id: "abc123", title: "Song", artist: "Artist", album: "Album", durationMs: 200_000, positionMs: 12_500, playing: false))),
        Case(
            name: "Music playing, duration in seconds, exponent notation", app: .music,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "playing", "5F3C2A1B9D8E7F60", "Song", "Artist", "Album", "215.5", "1.0E+2")),
            expected: .track(
                MacAppTrack(
                    service: .localFiles, id: "music:5F3C2A1B9D8E7F60", title: "Song", artist: "Artist", album: "Album", durationMs: 215_500,
                    positionMs: 100_000,
                    playing: true))),
        Case(
            name: "Music fast forwarding is held as paused", app: .music,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "fast forwarding", "ABC", "Song", "Artist", "Album", "215", "30")),
            expected: .track(
                MacAppTrack(
                    service: .localFiles, id: "music:ABC", title: "Song", artist: "Artist", album: "Album", durationMs: 215_000, positionMs: 30_000,
                    playing: false))),
        Case(
            name: "non-ASCII titles, artists and albums", app: .music,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "playing", "ABC", "夜に駆ける", "YOASOBI", "THE BOOK", "261", "3.5")),
            expected: .track(
                MacAppTrack(
                    service: .localFiles, id: "music:ABC", title: "夜に駆ける", artist: "YOASOBI", album: "THE BOOK", durationMs: 261_000, positionMs: 3_500,
                    playing: true))),
        Case(
            name: "a track whose duration and position are missing", app: .spotify,
            output: AppleScriptOutput(
                status: 0, standardOutput: line("track", "playing", "spotify:track:abc", "Song", "missing value", "", "missing value", "missing value")),
            expected: .track(MacAppTrack(service: .spotify, id: "abc", title: "Song", artist: nil, album: nil, durationMs: nil, positionMs: nil, playing: true))
        ),
        Case(
            name: "a number too large to be a position", app: .spotify,
            output: AppleScriptOutput(
                status: 0, standardOutput: line("track", "playing", "spotify:track:abc", "Song", "Artist", "Album", "200000", "1.0E+308")),
            expected: .track(
                MacAppTrack(service: .spotify, id: "abc", title: "Song", artist: "Artist", album: "Album", durationMs: 200_000, positionMs: nil, playing: true))
        ),
        Case(
            name: "a Spotify local file has no id Simulcast can use", app: .spotify,
            output: AppleScriptOutput(
                status: 0, standardOutput: line("track", "playing", "spotify:local:Artist:Album:Song:200", "Song", "Artist", "Album", "200000", "1")),
            expected: .failed("the app's track has no id Simulcast can use")),
        Case(
            name: "a Music track without a persistent ID", app: .music,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "playing", "", "Song", "Artist", "Album", "200", "1")),
            expected: .failed("the app's track has no id Simulcast can use")),
        Case(
            name: "a track without a name", app: .music,
            output: AppleScriptOutput(status: 0, standardOutput: line("track", "playing", "ABC", "missing value", "Artist", "Album", "200", "1")),
            expected: .failed("the app's track has no name")),
        Case(name: "stopped", app: .spotify, output: AppleScriptOutput(status: 0, standardOutput: "stopped\n"), expected: .stopped),
        Case(name: "not running", app: .music, output: AppleScriptOutput(status: 0, standardOutput: "not running\n"), expected: .notRunning),
        Case(
            name: "Automation refused (-1743)", app: .spotify,
            output: AppleScriptOutput(
                status: 1, standardOutput: "", standardError: "27:180: execution error: Not authorized to send Apple events to Spotify. (-1743)\n"),
            expected: .notAuthorized),
        Case(
            name: "the app quit after the check (-600)", app: .music,
            output: AppleScriptOutput(status: 1, standardOutput: "", standardError: "execution error: Music got an error: Application isn’t running. (-600)\n"),
            expected: .notRunning),
        Case(
            name: "no current track (-1728)", app: .music,
            output: AppleScriptOutput(
                status: 1, standardOutput: "", standardError: "execution error: Music got an error: Can’t get name of current track. (-1728)\n"),
            expected: .stopped),
        Case(
            name: "the app took too long (-1712)", app: .spotify,
            output: AppleScriptOutput(status: 1, standardOutput: "", standardError: "execution error: Spotify got an error: AppleEvent timed out. (-1712)\n"),
            expected: .failed("osascript: execution error: Spotify got an error: AppleEvent timed out. (-1712)")),
        Case(
            name: "garbage", app: .spotify, output: AppleScriptOutput(status: 0, standardOutput: "{\"not\": \"an answer\"}\n"),
            expected: .failed("the app's answer could not be read")),
        Case(
            name: "nothing at all", app: .music, output: AppleScriptOutput(status: 0, standardOutput: ""),
            expected: .failed("the app's answer could not be read")),
        Case(name: "killed", app: .music, output: AppleScriptOutput(status: 137, standardOutput: ""), expected: .failed("osascript exited with status 137")),
    ]

    @Test(arguments: cases)
    func readsTheAnswer(_ example: Case) {
        #expect(MacAppReading.read(example.output, from: example.app) == example.expected)
    }

    /// Whatever an `osascript` prints, the reading is one of its cases: never a crash.
    @Test func anyAnswerAtAllIsReadWithoutACrash() {
        var random = SeededGenerator(seed: 54)
        let pieces = [
            "track", "playing", "paused", "\u{1F}", "spotify:track:", "-1", "NaN", "inf", "1e308", ",", "missing value", "\n", "\u{0}", "é", "(-1743)",
        ]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            for app in MacMusicApp.allCases {
                let reading = MacAppReading.read(
                    AppleScriptOutput(status: Int32.random(in: -1...2, using: &random), standardOutput: text, standardError: text), from: app)
                if case .track(let track) = reading {
                    #expect(track.durationMs.map { $0.isFinite && $0 >= 0 } ?? true)
                    #expect(track.positionMs.map { $0.isFinite && $0 >= 0 } ?? true)
                }
            }
        }
    }

    @Test func theScriptsAskBeforeTheyTellAndNameEachAppsIdentity() {
        for app in MacMusicApp.allCases {
            let lines = app.scriptLines
            // `tell` would launch an app that is not open: `is running` comes first.
            #expect(lines.first == "if application \"\(app.applicationName)\" is not running then return \"not running\"")
            #expect(lines.joined().contains(app == .spotify ? "spotify url of t" : "persistent ID of t"))
        }
    }

    @Test func theRefusalSaysWhereToAllowIt() {
        let words = MacAppError.notAuthorized(.music).description
        #expect(words.contains("Privacy & Security → Automation"))
        #expect(words.contains("Music"))
    }
}
