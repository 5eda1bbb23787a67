import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 37 (2), as a phone listener uses it: "Not this version?" lists the versions of the
/// room's song on their service with why each was or was not taken; "Play this" plays another
/// for them alone, at once, while the room's match (what the others hear) stays; "Suggest for
/// the room" sends it as a correction. Held to the in-sync bound in real time, so in the
/// isolated pass: in the main pass, beside a hundred suites, a page 151 ms off after the
/// switch once missed the 100 ms bound on an idle machine.
@Suite(.serialized, .enabled(if: SystemTests.isolatedPass)) struct WebVersionsTests {
    static let titles = "Array.from(document.querySelectorAll('#versions-list .what')).map(e => e.textContent)"

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aListenerPlaysAnotherVersionForThemselvesAndSuggestsIt() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 30_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=apple-music]")
            try await room.waitInSync(page)
            _ = try await page.waitFor("!document.getElementById('other-versions-line').hidden", as: Bool.self)
            try await page.click("#other-versions")
            _ = try await page.waitFor("\(Self.titles).length >= 2", as: Bool.self)
            let titles = try await page.evaluate(Self.titles, as: [String].self)
            #expect(titles.first == "She Looks So Perfect · 5 Seconds of Summer", "the room's match first: \(titles)")
            #expect(titles.contains("She Looks So Perfect (Ash Demo Vocal) · 5 Seconds of Summer"))
            let lines = try await page.evaluate("document.getElementById('versions-list').innerText", as: String.self)
            #expect(lines.contains("Playing for you") && lines.contains("the room's match"), "\(lines)")
            #expect(lines.contains("Not taken"), "why the demo was not taken: \(lines)")
            try await WebRoom.screenshot(page, "listener-other-versions")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "other versions: \(findings)") }

            // Play the demo for me: the page plays it at the room's position; the room's match stays.
            try await page.click("#versions-list li:nth-child(2) .version-actions .secondary")
            _ = try await page.waitFor("MusicKit.getInstance().nowPlayingItem?.id === 'am-slsp-demo'", as: Bool.self, seconds: 15)
            try await room.waitInSync(page)
            let summary = try #require(try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code))
            #expect(summary.state.track?.match(for: .appleMusic, storefront: "us")?.track?.id == Fixtures.appleSheLooksSoPerfect.id)

            // Suggest it for the room: the correction rules answer (a listener's suggestion).
            try await page.click("#versions-list li:nth-child(2) .version-actions .link")
            _ = try await page.waitFor("!document.getElementById('versions-note').textContent.startsWith('Now playing')", as: Bool.self)
            let note = try await page.evaluate("document.getElementById('versions-note').textContent", as: String.self)
            #expect(note.hasPrefix("Suggested to the host"), "\(note)")
            // Issue 52: a suggestion changes nobody else's song...
            let suggested = try #require(try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code))
            #expect(suggested.state.track?.match(for: .appleMusic, storefront: "us")?.track?.id == Fixtures.appleSheLooksSoPerfect.id)
            #expect(suggested.state.suggestions?.map(\.target.id) == ["am-slsp-demo"])

            // ...until the host uses it: their page lists it, and one click makes it everyone's.
            let hostPage = try await room.browser.openPhone(
                "\(room.base)/r/\(room.code)/host",
                initScript: WebRoom.initScript + "\nlocalStorage.setItem('simulcast.host.' + \(AxeCore.quoted(room.code)), \(AxeCore.quoted(room.hostToken)));")
            defer { Task { await hostPage.close() } }
            _ = try await hostPage.waitFor("!document.getElementById('suggestions').hidden", as: Bool.self, seconds: 15)
            let line = try await hostPage.evaluate("document.getElementById('suggestion-list').innerText", as: String.self)
            #expect(line.contains("She Looks So Perfect (Ash Demo Vocal)") && line.contains("suggested by 1 listener"), "\(line)")
            try await hostPage.run("document.getElementById('suggestions').scrollIntoView({block: 'start'})")
            try await WebRoom.screenshot(hostPage, "host-suggestions")
            if let findings = try await AxeCore.scan(hostPage) { #expect(findings.isEmpty, "the host's suggestions: \(findings)") }
            try await hostPage.click(role: "button", name: "Use She Looks So Perfect (Ash Demo Vocal) for everyone")
            #expect(
                await TestSupport.eventually {
                    let now = try? await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code)
                    return now?.state.track?.match(for: .appleMusic, storefront: "us")?.track?.id == "am-slsp-demo" && now?.state.suggestions == nil
                }, "the host's choice is the room's match, and the suggestion is answered")
        }
    }

    /// An account with content restrictions: MusicKit refuses the explicit match with
    /// CONTENT_RESTRICTED, and the page plays the clean version, in sync, and says so; the
    /// room's match (the explicit one, what others hear) stays.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aRestrictedAccountGetsTheCleanVersionAndIsTold() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.loudWords, positionMs: 20_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.run("window.__fakeSDK.restricted = ['\(Fixtures.appleLoudWords.id)']")
            try await page.click("[data-service=apple-music]")
            _ = try await page.waitFor("MusicKit.getInstance().nowPlayingItem?.id === '\(Fixtures.appleLoudWordsClean.id)'", as: Bool.self, seconds: 20)
            try await room.waitInSync(page)
            let said = try await page.evaluate("simulcastPage.message?.text ?? ''", as: String.self)
            #expect(said.contains("clean version of Loud Words"), "\(said)")
            let summary = try #require(try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code))
            #expect(summary.state.track?.match(for: .appleMusic, storefront: "us")?.track?.id == Fixtures.appleLoudWords.id)
        }
    }

    /// "Clean versions" on: an explicit match is replaced by its clean version before it plays.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func theCleanPreferencePlaysTheCleanVersion() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            // Issue 51: behind More, found by its label.
            try await page.click(role: "button", name: "More")
            try await page.click(role: "checkbox", name: "Clean versions")
            #expect(try await page.evaluate("localStorage.getItem('\(WebStorageKey.preferClean)')", as: String.self) == "1")
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.loudWords, positionMs: 0))
            _ = try await page.waitFor("MusicKit.getInstance().nowPlayingItem?.id === '\(Fixtures.appleLoudWordsClean.id)'", as: Bool.self, seconds: 20)
            try await room.waitInSync(page)
        }
    }
}
