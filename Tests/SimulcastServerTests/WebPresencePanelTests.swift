import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// Issue 24 on a phone: the listener types a name (markup stays text), chooses Apple Music
/// with a click, and sees who is listening: a count with services that opens into the list.
extension WebListenerPageTests {
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func thePageShowsWhoIsListeningAndItsOwnNameAsText() async throws {
        try await WebRoom.run(hostName: "Maya") { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
            // Another listener, on Spotify, without a name.
            let other = RoomConnection(
                serverURL: room.base, hello: Wire.Hello(role: .listener, room: room.code, service: .spotify, storefront: "us"), clock: SystemClock(),
                logger: TestSupport.quietLogger)
            let otherSession = ListenerSession(
                client: other, player: PrintPlayer(service: .spotify, clock: SystemClock()) { _ in }, policy: .init(service: .spotify, storefront: "us"),
                logger: TestSupport.quietLogger)
            let otherTask = Task { try await otherSession.run() }
            defer { otherTask.cancel() }

            // The name is asked after joining, on the listening screen; a change rejoins with it.
            let page = try await room.listeningOnAppleMusic()
            try await page.click("#listener-name")
            try await page.type("<b>Ana</b>")
            try await page.run("document.getElementById('listener-name').dispatchEvent(new Event('change'))")
            _ = try await page.waitFor(
                "Array.from(document.querySelectorAll('#presence-list .who')).some(e => e.textContent === '<b>Ana</b> (you)')", as: Bool.self, seconds: 10)
            try await room.waitInSync(page)
            let line = try await page.waitFor(
                "(() => { const t = document.getElementById('presence-count').textContent; return t.startsWith('2 listening') ? t : null; })()",
                as: String.self, seconds: 10)
            #expect(line == "2 listening: 1 Apple Music, 1 Spotify")
            try await page.click("#presence summary")
            let names = try await page.evaluate("Array.from(document.querySelectorAll('#presence-list .who')).map(e => e.textContent)", as: [String].self)
            // Issue 51: this listener is marked "(you)", once; the host is named.
            #expect(names.contains("<b>Ana</b> (you)"), "\(names)")
            #expect(names.filter { $0.hasSuffix("(you)") }.count == 1, "\(names)")
            #expect(names.contains { $0.hasPrefix("Listener ") }, "\(names)")
            #expect(try await page.evaluate("document.querySelectorAll('#presence-list b').length", as: Int.self) == 0, "a name is text, never markup")
            #expect(try await page.evaluate("document.getElementById('presence-host').textContent", as: String.self) == "Maya is here.")
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "presence open: \(findings)") }
            try await page.run("document.getElementById('presence').scrollIntoView({block: 'center'})")
            try await WebRoom.rename(page, to: "Ana")
            try await WebRoom.screenshot(page, "listener-presence")
            await page.close()
        }
    }
}
