import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 36's iPhone quirks on the listener page, in Chromium with other browsers' user
/// agents (the rules themselves are a table under node, Tests/WebJS/browser-support.test.js):
/// an app's own browser is told to open the link in Safari or Chrome, with the link to copy;
/// the page registers only play and pause with the Media Session.
extension WebListenerPageTests {
    static let instagramOnIPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92 (iPhone14,5; iOS 17_4; en_US; en; scale=3.00; 1170x2532; 589459426)"
    static let androidWebView =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36"

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func anAppsOwnBrowserIsToldWhichBrowserKeepsTheMusicGoing() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            try await Self.waitStatus(page, "choosing")
            // The phone's own browser (Chrome on Android) is not told anything.
            #expect(try await page.evaluate("document.getElementById('open-elsewhere').hidden", as: Bool.self))

            try await page.emulateUserAgent(Self.instagramOnIPhone)
            try await page.navigate("\(room.base)/r/\(room.code)")
            try await Self.waitStatus(page, "choosing")
            #expect(
                try await page.evaluate("document.getElementById('open-elsewhere-text').textContent", as: String.self)
                    == "Open this link in Safari: Instagram stops the music when you switch away or lock the phone.")
            try await page.click("#copy-page-link")
            let note = try await page.waitFor("document.getElementById('open-elsewhere-note').textContent || null", as: String.self)
            #expect(note == "Link copied." || note == "Copy this link: \(room.base)/r/\(room.code)", "\(note)")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "open in Safari: \(findings)") }
            try await WebRoom.screenshot(page, "listener-open-in-safari")
            // Choosing still works: the advice does not lock anyone out.
            try await page.click("[data-service=apple-music]")
            try await room.waitInSync(page)

            try await page.emulateUserAgent(Self.androidWebView)
            try await page.navigate("\(room.base)/r/\(room.code)")
            try await Self.waitStatus(page, "choosing")
            #expect(
                try await page.evaluate("document.getElementById('open-elsewhere-text').textContent", as: String.self).hasPrefix("Open this link in Chrome"))
        }
    }

    /// Only play and pause go to the Media Session (more would hide iPhone's own controls), and
    /// both speak for this listener alone.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func theMediaSessionGetsOnlyPlayAndPause() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            #expect(
                try await page.evaluate(
                    "JSON.stringify(Object.keys(__mediaSessionHandlers).filter(a => __mediaSessionHandlers[a]).sort())", as: String.self)
                    == #"["pause","play"]"#)
            try await page.run("__mediaSessionHandlers.pause()")
            try await Self.waitStatus(page, "pausedByYou")
            #expect(await room.host.playback.playing, "a listener's pause is never the room's")
            try await page.run("__mediaSessionHandlers.play()")
            try await room.waitInSync(page)
        }
    }
}
