import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// The listener page's flows in WebKit, Safari's engine family (WebKitGTK's MiniBrowser
/// through its WebDriver, on a private Xvfb display, a phone-sized window), with the same
/// stand-ins and checks as in Chromium: a click to listen, in sync, pause for me and resume
/// live, presence and reactions, a clock step. WebDriver has no request interception and no
/// scripts before a page's own: the server serves the SDK stand-ins (test mode), and the
/// clock is shifted from after the load (the page reads `performance.now()` afresh each time).
@Suite(.serialized) struct WebKitListenerTests {
    static func waitStatus(_ page: any BrowserPage, _ key: String) async throws {
        do {
            _ = try await page.waitFor("simulcastPage.status === '\(key)'", as: Bool.self, seconds: nil)
        } catch {
            let state = try? await page.evaluate(
                "JSON.stringify({status: window.simulcastPage?.status, message: window.simulcastPage?.message})", as: String.self)
            throw DevToolsPage.ProtocolError(description: "status never became \(key): \(state ?? "no page")")
        }
    }

    /// Held to 100 ms of the host in real time: it runs in the isolated pass, alone.
    @Test(
        .enabled(if: SystemTests.webKit, "needs WebKitGTK's WebDriver and Xvfb (scripts/test.sh installs webkit2gtk-driver and xvfb)"),
        .enabled(if: SystemTests.isolatedPass))
    func theListenerFlowsRunInWebKit() async throws {
        try await WebRoom.run(chromium: false) { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))
            let browser = try await WebKitBrowser.launch()
            let page = browser.page
            do {
                try await page.navigate("\(room.base)/r/\(room.code)")
                try await Self.waitStatus(page, "choosing")
                #expect(try await page.evaluate("navigator.userAgent.includes('AppleWebKit') && !navigator.userAgent.includes('Chrome')", as: Bool.self))

                // A click to listen, and in sync.
                try await page.click("[data-service=apple-music]")
                try await room.waitInSync(page, seconds: 30)
                try await Self.waitStatus(page, "inSync")

                // Pause for me, then resume live.
                try await page.click("#pause")
                try await Self.waitStatus(page, "pausedByYou")
                _ = try await page.waitFor("MusicKit.getInstance().playbackState !== 2", as: Bool.self, seconds: nil)
                try await page.click("#resume")
                try await room.waitInSync(page, seconds: 30)

                // Presence and reactions: the room lists the page's name; a CLI listener sees its reaction.
                let cli = WebRoom.cliListener(base: room.base, code: room.code, service: .appleMusic, seed: 5)
                let cliTask = Task { try await cli.session.run() }
                defer { cliTask.cancel() }
                try await WebRoom.rename(page, to: "Safari Sam")
                try await page.click("[data-reaction=fire]")
                #expect(await Poll.until(timeout: Patience.event) { await cli.session.status().reaction?.reaction == .fire })

                // A clock step: the page's monotonic clock jumps ten minutes; it sees the step and is back in sync.
                try await page.run(
                    "(() => { const monotonic = performance.now.bind(performance); window.__clockShiftMs = 0; performance.now = () => monotonic() + window.__clockShiftMs; })()"
                )
                try await page.run("window.__clockShiftMs = -600000")
                _ = try await page.waitFor("simulcastPage.clockSteps >= 1", as: Bool.self, seconds: 15)
                try await room.waitInSync(page, seconds: 30)
            } catch {
                await browser.close()
                throw error
            }
            await browser.close()
        }
    }
}
