import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 24: a room started from the front page with Spotify, in a phone's browser with real
/// clicks; the host closes the page and keeps playing in their (stand-in) Spotify; a listener
/// on Apple Music follows a play, a seek, a skip and a pause; the server restarts and goes on
/// hosting; Stop hosting ends it; no token leaks anywhere.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass)) struct WebHostingTests {
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func aRoomStartedInTheBrowserIsFollowedAfterTheHostClosesThePageAndAfterARestart() async throws {
        try await HostingRig.run { rig in
            let browser = try await HeadlessChromium.launch()
            defer { browser.close() }
            let base = await rig.base
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 60_000, isPlaying: true)

            // The front page: one click makes the room and goes through Spotify's login.
            let (front, code, hostToken) = try await rig.startRoomFromTheFrontPage(browser, checkAccessibility: true)
            #expect(try await front.evaluate("location.search === '' && location.hash === ''", as: Bool.self), "no code or token left in the address")
            _ = try await front.waitFor("document.getElementById('now-title').textContent === \"C'est La Vie\"", as: Bool.self, seconds: 10)
            #expect(try await front.evaluate("document.documentElement.scrollWidth <= 390", as: Bool.self))
            // Issue 51: a host alone is told what to do, in words on the screen.
            _ = try await front.waitFor("document.body.innerText.includes('No one here yet: send the link.')", as: Bool.self, seconds: 10)
            if let findings = try await AxeCore.scan(front) { #expect(findings.isEmpty, "host page: \(findings)") }
            try await WebRoom.screenshot(front, "host-page")
            await front.close()

            // A listener on Apple Music follows the host's Spotify with the host page closed.
            let listener = try await browser.openPhone("\(base)/r/\(code)", initScript: WebRoom.initScript)
            _ = try await listener.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await listener.click("[data-service=apple-music]")
            try await rig.waitInSync(listener)

            await rig.player.seek(toMs: 120_000)
            try await rig.waitInSync(listener)

            await rig.player.set(track: Fixtures.sheLooksSoPerfect, progressMs: 0, isPlaying: true)
            _ = try await listener.waitFor("MusicKit.getInstance().nowPlayingItem?.id === 'am-slsp'", as: Bool.self, seconds: 15)
            try await rig.waitInSync(listener)

            await rig.player.pause()
            _ = try await listener.waitFor("MusicKit.getInstance().playbackState !== 2", as: Bool.self, seconds: 10)

            // A restart: the new process (a new node) picks the room up from the sealed login.
            await rig.server.stop()
            try await rig.server.start(port: URL(string: base)!.port!)
            #expect(try await rig.hostingStatus(room: code, hostToken: hostToken) != "none")
            await rig.player.resume()
            await rig.player.seek(toMs: 30_000)
            try await rig.waitInSync(listener, seconds: 30)
            #expect(try await rig.hostingStatus(room: code, hostToken: hostToken) == "following")

            // Stop hosting from the host page: the login is forgotten and the room shows the host away.
            let hostPage = try await browser.openPhone("\(base)/r/\(code)/host")
            _ = try await hostPage.waitFor("window.simulcastHostPage?.hosting === 'following'", as: Bool.self, seconds: 10)
            // Issue 51: asked first; "Keep hosting" changes nothing.
            try await hostPage.click(role: "button", name: "Stop hosting")
            try await hostPage.click(role: "button", name: "Keep hosting")
            #expect(try await rig.hostingStatus(room: code, hostToken: hostToken) != "none")
            try await hostPage.click(role: "button", name: "Stop hosting")
            try await hostPage.click(role: "button", name: "Yes, stop hosting")
            _ = try await hostPage.waitFor("document.getElementById('status-detail').textContent.startsWith('You stopped hosting')", as: Bool.self)
            #expect(try await rig.hostingStatus(room: code, hostToken: hostToken) == "none")
            // Issue 33 (7): the host token leaves this browser with the hosting.
            #expect(try await hostPage.evaluate("localStorage.getItem('simulcast.host.' + \(AxeCore.quoted(code))) === null", as: Bool.self))
            _ = try await listener.waitFor("document.getElementById('presence-host')?.textContent.endsWith(' is away.')", as: Bool.self, seconds: 10)

            // Without the host token the host page shows nothing of the room.
            let stranger = try await browser.openPhone("\(base)/r/\(code)/host")
            try await stranger.run("localStorage.clear()")
            try await stranger.navigate("\(base)/r/\(code)/host")
            _ = try await stranger.waitFor("document.getElementById('status-detail').textContent.includes('does not hold the room')", as: Bool.self)
            #expect(try await rig.fetch("/v1/rooms/\(code)/hosting").status == 403)
            #expect(try await rig.fetch("/v1/rooms/\(code)/hosting", bearer: "not-the-token").status == 403)

            try await rig.expectNoSpotifyTokenIsShown(room: code, hostToken: hostToken, pages: [listener, hostPage, stranger])
            await listener.close()
            await hostPage.close()
            await stranger.close()
        }
    }

    /// Spotify refuses the saved login (the user removed the app's access): the server forgets
    /// it, the host page says so and offers the login again, which resumes hosting.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func whenSpotifyRefusesTheLoginTheHostPageAsksForItAgain() async throws {
        try await HostingRig.run { rig in
            let browser = try await HeadlessChromium.launch()
            defer { browser.close() }
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let (page, code, hostToken) = try await rig.startRoomFromTheFrontPage(browser)
            await rig.accounts.revokeRefreshTokens()
            await rig.accounts.expireAccessTokens()
            _ = try await page.waitFor("window.simulcastHostPage?.hosting === 'refused'", as: Bool.self, seconds: 15)
            #expect(try await page.evaluate("document.getElementById('status-detail').textContent", as: String.self).contains("Spotify refused your login"))
            #expect(try await page.evaluate("document.getElementById('login').textContent", as: String.self) == "Log in with Spotify again")
            #expect(try await page.evaluate("document.getElementById('stop').hidden", as: Bool.self))
            #expect(await TestSupport.metric(try #require(await rig.server.port), "simulcast_hosting_logins_refused_total") == 1)
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "refused: \(findings)") }
            try await page.click("#login")
            _ = try await page.waitFor(
                "location.pathname.endsWith('/host') && window.simulcastHostPage?.hosting === 'following'", as: Bool.self, seconds: 15)
            #expect(try await rig.hostingStatus(room: code, hostToken: hostToken) == "following")
            try await rig.expectNoSpotifyTokenIsShown(room: code, hostToken: hostToken, pages: [page])
            await page.close()
        }
    }

    /// Reactions on phones: a listener's reaches the host page (Spotify-hosted, no connection of
    /// its own: it reads the room's last few seconds) and a CLI listener; the host page's reaches
    /// the listener, from "Host". Names are text; both pages pass axe.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func reactionsGoFromAListenerPageToTheHostPageAndBack() async throws {
        try await HostingRig.run { rig in
            let browser = try await HeadlessChromium.launch()
            defer { browser.close() }
            await rig.player.set(track: Fixtures.cestLaVie, progressMs: 10_000, isPlaying: true)
            let (hostPage, code, _) = try await rig.startRoomFromTheFrontPage(browser)
            let base = await rig.base
            let (cli, _) = WebRoom.cliListener(base: base, code: code, service: .spotify, seed: 7)
            let cliTask = Task { try await cli.run() }
            defer { cliTask.cancel() }

            let listener = try await browser.openPhone("\(base)/r/\(code)", initScript: WebRoom.initScript)
            _ = try await listener.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await listener.click("[data-service=apple-music]")
            try await rig.waitInSync(listener)
            // The name is given on the listening screen; the page rejoins with it.
            _ = try await listener.waitFor("!document.getElementById('presence').hidden", as: Bool.self)
            try await listener.click("#listener-name")
            try await listener.type("<i>Bo</i>")
            try await listener.run("document.getElementById('listener-name').dispatchEvent(new Event('change'))")
            _ = try await listener.waitFor(
                "simulcastPage.connected && Array.from(document.querySelectorAll('#presence-list .who')).some(e => e.textContent === '<i>Bo</i> (you)')",
                as: Bool.self, seconds: 10)
            _ = try await listener.waitFor("!document.getElementById('reaction-bar').hidden", as: Bool.self)
            try await listener.click("[data-reaction=fire]")
            _ = try await hostPage.waitFor(
                "Array.from(document.querySelectorAll('#reactions-shown li')).some(li => li.textContent === '🔥 <i>Bo</i>')", as: Bool.self, seconds: 6)
            #expect(try await hostPage.evaluate("document.querySelectorAll('#reactions-shown i').length", as: Int.self) == 0, "a name is text")
            #expect(await Poll.until(timeout: .seconds(5)) { await cli.status().reaction == Wire.RoomReaction(reaction: .fire, from: "<i>Bo</i>") })

            try await hostPage.click("[data-reaction=clap]")
            _ = try await listener.waitFor(
                "Array.from(document.querySelectorAll('#reactions-shown li.from-host')).some(li => li.textContent === '👏 ' + (simulcastPage.room?.hostName || 'Host'))",
                as: Bool.self, seconds: 5)
            if let findings = try await AxeCore.scan(listener) { #expect(findings.isEmpty, "listener with reactions: \(findings)") }
            if let findings = try await AxeCore.scan(hostPage) { #expect(findings.isEmpty, "host page with reactions: \(findings)") }
            try await listener.run("document.getElementById('reaction-bar').scrollIntoView({block: 'center'})")
            // The picture shows plain names: the escaped one renamed, its reaction faded.
            try await WebRoom.rename(listener, to: "Bo")
            _ = try await listener.waitFor(
                "!Array.from(document.querySelectorAll('#reactions-shown li')).some(li => li.textContent.includes('<')) || null", as: Bool.self, seconds: 10)
            try await listener.click("[data-reaction=heart]")
            _ = try await listener.waitFor(
                "Array.from(document.querySelectorAll('#reactions-shown li')).some(li => li.textContent === '❤️ Bo') || null", as: Bool.self)
            try await WebRoom.screenshot(listener, "listener-reactions")
            #expect(await TestSupport.metric(try #require(await rig.server.port), "simulcast_reactions_total", label: "fire") == 1)
            await listener.close()
            await hostPage.close()
        }
    }
}
