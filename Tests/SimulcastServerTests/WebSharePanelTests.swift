import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 24: the listener page shares its room, on a phone, with real clicks: through the Web
/// Share API where the browser has it, else by copying the link; and it shows the server's QR
/// code of the link. Headless Chromium on Linux has no Web Share API, so one page is given a
/// recording stand-in for `navigator.share`, the other uses the clipboard path. In the page
/// suite, which runs its browsers one at a time.
extension WebListenerPageTests {
    @Test(.enabled(if: SystemTests.chromium && AxeCore.available, "needs Chromium and axe-core (scripts/test.sh installs them)"))
    func theLinkIsSharedOrCopiedAndTheQRCodeIsTheRoomsLink() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let link = "\(room.base)/r/\(room.code)"

            // Without the Web Share API: the link is copied, or shown to copy, never lost.
            let page = try await room.open()
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            #expect(try await page.evaluate("simulcastPage.share.link", as: String.self) == link)
            #expect(try await page.evaluate("typeof navigator.share", as: String.self) == "undefined")
            try await page.click("#share-link")
            let note = try await page.waitFor("document.getElementById('share-note').textContent || null", as: String.self)
            #expect(note == "Link copied." || note == "Copy this link: \(link)", "\(note)")

            // The QR code opens under its summary and is the server's drawing of the link.
            try await page.click("#qr summary")
            let size = try await page.waitFor(
                "(() => { const i = document.getElementById('qr-image'); return i.complete && i.naturalWidth > 0 ? i.naturalWidth : null; })()",
                as: Int.self)
            #expect(size > 0)
            #expect(try await page.evaluate("document.getElementById('qr-image').getAttribute('src')", as: String.self) == "/r/\(room.code)/qr.svg")
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            let findings = try #require(try await AxeCore.scan(page))
            #expect(findings.isEmpty, "share panel open: \(findings)")
            try await page.run("document.getElementById('qr-image').scrollIntoView({block: 'end'})")
            try await WebRoom.screenshot(page, "listener-share")
            await page.close()

            // With the Web Share API (a phone): the system sheet gets the title and the link.
            let phone = try await room.browser.openPhone(
                "\(room.base)/r/\(room.code)", initScript: WebRoom.initScript + "\nnavigator.share = async (data) => { window.__shared = data; };")
            _ = try await phone.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await phone.click("#share-link")
            let sharedURL = try await phone.waitFor("window.__shared && window.__shared.url", as: String.self)
            #expect(sharedURL == link)
            #expect(try await phone.evaluate("window.__shared.title", as: String.self) == "Listen along on Simulcast")
            await phone.close()
        }
    }
}
