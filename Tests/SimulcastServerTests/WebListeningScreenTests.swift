import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 35 in a real browser at phone size: the listening screen is a player. Big artwork
/// (a generated cover when the song has none, never a letter), the title and artist once, a
/// progress bar on the room's timeline, what comes next, the listeners and the reactions on the
/// first screen, a status pill that opens the Sync details (the meter, the milliseconds, why
/// this version) by a real click, and the controls a listener expects: volume, Leave, Switch
/// service.
extension WebListenerPageTests {
    // Four waits for music within 100 ms of the host in real time, at two sizes: the isolated
    // pass. Beside five other tests and `stress-ng --cpu 2` the page's first wait missed the
    // bound in two runs of two (last readings 103 and 132 ms); alone beside the hog it passed.
    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func theListeningScreenIsAPlayerWhosePillOpensTheSyncDetails() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000, queue: [Fixtures.sheLooksSoPerfect]))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            try await room.waitInSync(page)
            try await Self.waitStatus(page, "inSync")
            #expect(try await page.evaluate("document.getElementById('status').textContent", as: String.self) == "● In sync")

            // Neither the host's song nor the match has artwork: the song's own generated cover.
            let artwork = try await page.evaluate("document.getElementById('artwork').style.backgroundImage", as: String.self)
            #expect(artwork.contains("/cover.svg?for=C'est%20La%20Vie%0AB*Witched"), "\(artwork)")
            #expect(try await page.evaluate("document.getElementById('artwork').textContent", as: String.self).isEmpty, "no letter")
            #expect(
                try await page.evaluate("fetch('/cover.svg?for=' + encodeURIComponent(\"C'est La Vie\\nB*Witched\")).then(r => r.ok)", as: Bool.self))

            // The title and the artist once; no source line, since the match is the host's song.
            #expect(try await page.evaluate("document.getElementById('now').innerText.split('B*Witched').length - 1", as: Int.self) == 1)
            #expect(try await page.evaluate("document.getElementById('source').hidden", as: Bool.self))
            #expect(
                try await page.evaluate("document.getElementById('up-next').textContent", as: String.self)
                    == "Up next: She Looks So Perfect · 5 Seconds of Summer")

            // Elapsed and remaining on the room's timeline, which is the host's.
            struct Progress: Decodable {
                var elapsed: String
                var remaining: String
                var at: Double
            }
            let progress = try await page.evaluate(
                "({elapsed: document.getElementById('elapsed').textContent, remaining: document.getElementById('remaining').textContent, at: Date.now()})",
                as: Progress.self)
            func seconds(_ text: String) -> Int {
                let parts = text.trimmingCharacters(in: CharacterSet(charactersIn: "−")).split(separator: ":").compactMap { Int($0) }
                return parts.count == 2 ? parts[0] * 60 + parts[1] : -1
            }
            let hostSeconds = await room.host.playback.positionMs(at: LocalTime(micros: Int64(progress.at * 1000))) / 1000
            #expect(abs(Double(seconds(progress.elapsed)) - hostSeconds) <= 1.5, "elapsed \(progress.elapsed), host at \(hostSeconds) s")
            #expect(seconds(progress.elapsed) + seconds(progress.remaining) == 178, "\(progress.elapsed) and \(progress.remaining) of 2:58")

            // Who listens (a face with its service) and the reactions are on the first screen.
            _ = try await page.waitFor("document.querySelectorAll('#presence-faces .face').length >= 1", as: Bool.self)
            #expect(
                try await page.evaluate(
                    "['presence-faces', 'reaction-buttons', 'controls'].every(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight; })",
                    as: Bool.self), "listeners, reactions and controls within the first 844 px")
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            try await WebRoom.screenshot(page, "listener-player")

            // Issue 51: no figure in milliseconds before the Sync details are opened; every
            // reaction button is big enough for a finger; one control for the sound's pause.
            let shown = try await page.evaluate("document.body.innerText", as: String.self)
            #expect(shown.matches(of: /\d+\s*ms\b/).isEmpty, "milliseconds on the listening screen: \(shown)")
            let reactions = try await page.controls(role: "button").filter { ["Fire", "Love it", "Applause", "Funny", "Party", "Wow"].contains($0.name) }
            #expect(reactions.count == 6, "\(reactions)")
            for reaction in reactions { #expect(reaction.width >= 44 && reaction.height >= 44, "\(reaction)") }
            #expect(try await page.controls(role: "button", name: "Pause for me").count == 1)

            // "Sync details" opens the details by a real click, and Close puts the focus back.
            #expect(try await page.evaluate("document.getElementById('sync-details').hidden", as: Bool.self))
            try await page.click(role: "button", name: "Sync details")
            #expect(try await page.evaluate("!document.getElementById('sync-details').hidden", as: Bool.self))
            #expect(try await page.evaluate("document.getElementById('status-pill').getAttribute('aria-expanded')", as: String.self) == "true")
            let detail = try await page.waitFor(
                "(() => { const m = document.getElementById('meter'); const ms = document.getElementById('offset-ms').textContent; return !m.hidden && ms ? ms : null; })()",
                as: String.self)
            #expect(detail.hasSuffix(" ahead") || detail.hasSuffix(" behind") || detail == "0 ms", "\(detail)")
            #expect(try await page.evaluate("document.querySelector('#why summary').textContent", as: String.self).hasPrefix("Matched on Apple Music"))
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "Sync details open: \(findings)") }
            try await page.run("document.getElementById('sync-details').scrollIntoView({block: 'center'})")
            try await WebRoom.screenshot(page, "listener-sync-details")
            // The light theme, from the system's setting: the same screen, scanned again.
            try await page.emulateColorScheme("light")
            #expect(try await page.evaluate("getComputedStyle(document.body).backgroundColor", as: String.self) == "rgb(246, 247, 249)")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "light theme, Sync details open: \(findings)") }
            try await page.emulateColorScheme("dark")
            try await page.click(role: "button", name: "Close")
            #expect(try await page.evaluate("document.getElementById('sync-details').hidden", as: Bool.self))
            #expect(try await page.evaluate("document.activeElement.id", as: String.self) == "status-pill")

            // Paused for the listener: said in the pill, and Resume rejoins live.
            try await page.click(role: "button", name: "Pause for me")
            try await Self.waitStatus(page, "pausedByYou")
            #expect(try await page.evaluate("document.getElementById('status').textContent", as: String.self) == "Paused for you")
            // Issue 51: Resume live is then the main button, the width of the screen.
            let resume = try await page.controls(role: "button", name: "Resume live")
            #expect(resume.count == 1 && resume[0].width >= 300 && resume[0].height >= 44, "\(resume)")
            try await page.click(role: "button", name: "Resume live")
            try await room.waitInSync(page)

            // Volume, by keyboard on the real slider: MusicKit's volume follows and is remembered.
            try await page.run("document.getElementById('volume').focus()")
            for _ in 0..<4 { try await page.press("ArrowLeft") }
            #expect(try await page.evaluate("MusicKit.getInstance().volume", as: Double.self) == 0.6)
            #expect(try await page.evaluate("localStorage.getItem('simulcast.volume')", as: String.self) == "0.6")

            // The progress bar's value advances, on a phone and on a 1280×800 desktop, where the
            // artwork, the pill and the controls are all on the first screen too.
            let progressValue = "Number(document.getElementById('progress-bar').getAttribute('aria-valuenow'))"
            let atPhone = try await page.evaluate(progressValue, as: Double.self)
            _ = try await page.waitFor("\(progressValue) > \(atPhone) || null", as: Bool.self)
            try await page.emulateDesktop()
            try await page.run("window.scrollTo(0, 0)")
            let atDesktop = try await page.evaluate(progressValue, as: Double.self)
            _ = try await page.waitFor("\(progressValue) > \(atDesktop) || null", as: Bool.self)
            #expect(
                try await page.evaluate(
                    "['artwork', 'status-pill', 'progress', 'controls'].every(id => { const r = document.getElementById(id).getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; })",
                    as: Bool.self), "artwork, pill, progress and controls within 1280×800")
            #expect(try await page.evaluate("document.getElementById('artwork').getBoundingClientRect().width >= 200", as: Bool.self))
            try await WebRoom.screenshot(page, "listener-player-desktop")
            try await page.emulatePhone()

            // Leave: the sound stops, the room no longer counts this listener, and nothing reconnects.
            try await page.click(role: "button", name: "More")
            try await page.click(role: "button", name: "Leave")
            try await Self.waitStatus(page, "left")
            _ = try await page.waitFor("MusicKit.getInstance().playbackState === 3", as: Bool.self)
            #expect(try await page.evaluate("document.getElementById('reload').textContent", as: String.self) == "Listen again")
            let api = RoomsAPI(baseURL: room.base, transport: .live)
            #expect(
                await Poll.until(timeout: Patience.event) { (try? await api.room(code: room.code))?.listeners.isEmpty == true },
                "the room still lists the listener who left")
            // The page's socket says closed once the close handshake ends, which may be after the
            // server has already let the listener go (a clean-clone run read it in between).
            _ = try await page.waitFor("simulcastPage.connected === false", as: Bool.self)

            // Switch service: the page starts again at the choice, remembering no service.
            try await page.navigate("\(room.base)/r/\(room.code)")
            try await Self.waitStatus(page, "choosing")
            try await page.click("[data-service=apple-music]")
            try await room.waitInSync(page)
            try await page.click(role: "button", name: "More")
            try await page.click(role: "button", name: "Switch service")
            try await Self.waitStatus(page, "choosing")
            #expect(try await page.evaluate("localStorage.getItem('simulcast.service')", as: String?.self) == nil)
        }
    }
}
