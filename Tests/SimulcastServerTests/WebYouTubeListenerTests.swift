import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 53 (1): a friend with no subscription listens on YouTube. Real clicks in Chromium at
/// phone size under the default autoplay policy, against the stand-in of YouTube's IFrame API
/// (buffering after loads and seeks, a time reported in steps, pre-roll ads, errors by code).
@Suite(.serialized) struct WebYouTubeListenerTests {
    /// What is heard: the video's own time (not its stepped `getCurrentTime`) less the sound's
    /// way to the ear (the page's output latency, which the follow policy aims ahead by).
    static let sample = """
        (() => { const p = window.__fakeYouTube.players[0]; \
        return {positionMs: p.videoTime() * 1000 - (simulcastPage.sound?.milliseconds || 0), at: Date.now(), playing: p.state === 1 && !p.adUntil}; })()
        """

    /// In sync with the host, or the error with what the page did last (its follow commands,
    /// the stand-in's calls).
    static func inSync(_ room: WebRoom, _ page: any BrowserPage, _ moment: String, seconds: Double = 15) async throws {
        do {
            try await room.waitInSync(page, sample: sample, seconds: seconds)
        } catch {
            let commands =
                (try? await page.evaluate(
                    "JSON.stringify(simulcastPage.commands.slice(-12).map(c => [c.kind, Math.round(c.positionMs ?? -1)]))", as: String.self)) ?? "?"
            let calls = (try? await page.evaluate("JSON.stringify(__fakeYouTube.calls.slice(-12).map(c => [c.method, c.args[0]]))", as: String.self)) ?? "?"
            let seen =
                (try? await page.evaluate(
                    "JSON.stringify({own: simulcastPage.syncErrorMs, reading: simulcastPage.reading, heard: __fakeYouTube.players[0].videoTime() * 1000, output: simulcastPage.sound?.milliseconds})",
                    as: String.self)) ?? "?"
            throw DevToolsPage.ProtocolError(description: "\(moment): \(error); commands \(commands); calls \(calls); page \(seen)")
        }
    }

    /// A room whose server matches to YouTube from an offline catalog and whose pages load the
    /// IFrame API from the stand-in.
    static func run(_ body: @Sendable (WebRoom) async throws -> Void) async throws {
        try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
            let web = WebListenerConfiguration(offersYouTube: true, youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
            try await WebRoom.run(web: web, matchmaker: TestRooms.youtubeMatchmaker) { room in try await body(room) }
        }
    }

    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func aNewcomerListensOnYouTubeInTwoTapsAndFollowsTheHost() async throws {
        try await Self.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000, queue: [Fixtures.sheLooksSoPerfect]))
            let taps = WebListenerPageTests.Taps()
            let page = try await room.open()
            defer { Task { await page.close() } }
            try await WebListenerPageTests.waitStatus(page, "choosing")
            // No sign-in: the choice says so.
            #expect(
                try await page.evaluate("document.querySelector('[data-choice=\"youtube\"] .need').textContent", as: String.self).contains("No sign-in"))
            try await WebRoom.screenshot(page, "listener-choose-youtube")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "the choice: \(findings)") }
            try await taps.tap(page, "Listen on YouTube")
            try await taps.untilInSync(page) { try await Self.inSync(room, $0, "the first song") }
            #expect(taps.count <= 2, "a new YouTube listener took \(taps.count) taps")
            // The player is visible where the artwork was, at least 200×200.
            let size = try await page.evaluate(
                "(() => { const f = document.querySelector('#youtube-frame iframe'); const r = f.getBoundingClientRect(); return [r.width, r.height, getComputedStyle(f).visibility === 'visible' && !document.getElementById('youtube-frame').hidden ? 1 : 0]; })()",
                as: [Double].self)
            #expect(size[0] >= 200 && size[1] >= 200 && size[2] == 1, "player \(size)")
            try await WebRoom.screenshot(page, "listener-youtube")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "listening on YouTube: \(findings)") }
            // One player for the evening, started at the room's position (not the opening, then a jump).
            #expect(try await page.evaluate("__fakeYouTube.players.length", as: Int.self) == 1)
            #expect(try await page.evaluate("__fakeYouTube.calls.find(c => c.method === 'loadVideoById').args[0].startSeconds > 19", as: Bool.self))

            // The host seeks, pauses and resumes, and skips: followed.
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 100_000))
            try await Self.inSync(room, page, "after the host's seek")
            try await room.host.apply(PlaybackEvent(event: .pause))
            try await WebListenerPageTests.waitStatus(page, "hostPaused")
            _ = try await page.waitFor("__fakeYouTube.players[0].state === 2", as: Bool.self)
            try await room.host.apply(PlaybackEvent(event: .resume))
            try await Self.inSync(room, page, "after the host's resume")

            // A five-second pre-roll on the next song: waited out, not chased, in sync within 10 s after it.
            try await page.run("__fakeYouTube.ads['yt-slsp-mv1'] = 5")
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 5_000))
            _ = try await page.waitFor("__fakeYouTube.adsShown === 1 && __fakeYouTube.players[0].adUntil > 0", as: Bool.self, seconds: 10)
            _ = try await page.waitFor("__fakeYouTube.players[0].adUntil === 0", as: Bool.self, seconds: 10)
            let seeksDuringAd = try await page.evaluate("__fakeYouTube.seeksDuringAds", as: Int.self)
            let trail = try await page.evaluate(
                "JSON.stringify({commands: simulcastPage.commands.slice(-6).map(c => [c.kind, Math.round(c.positionMs ?? -1), Math.round(c.at % 100000)]), calls: __fakeYouTube.calls.slice(-6).map(c => [c.method, c.args[0], c.at % 100000])})",
                as: String.self)
            #expect(seeksDuringAd == 0, "the ad was chased with \(seeksDuringAd) seeks: \(trail)")
            try await Self.inSync(room, page, "after the ad", seconds: 10)
        }
    }

    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func aVideoThatMayNotBeEmbeddedGivesTheNextOneOrTheHonestWords() async throws {
        try await Self.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            try await WebListenerPageTests.waitStatus(page, "choosing")
            // Whichever C'est La Vie video the room matched refuses (150): the other one plays.
            try await page.run("window.__fakeYouTubeOptions = { refuseLoads: { count: 1, code: 150 } }")
            try await page.click(role: "button", name: "Listen on YouTube")
            try await WebListenerPageTests.Taps().untilInSync(page) { try await room.waitInSync($0, sample: Self.sample) }
            let refused = try await page.evaluate("__fakeYouTube.refused", as: [String].self)
            let playing = try await page.evaluate("__fakeYouTube.players[0].videoId", as: String.self)
            #expect(refused.count == 1 && refused[0] != playing && ["yt-cest-mv1", "yt-cest-aud"].contains(playing), "refused \(refused), playing \(playing)")
            #expect(try await page.evaluate("simulcastPage.versionChoice !== null", as: Bool.self), "the listener's own version, not the room's")

            // A song whose only video refuses: said in words, and the player is quiet.
            try await page.run("__fakeYouTube.errors['yt-slsp-mv1'] = 101")
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 5_000))
            let words = try await page.waitFor(
                "(() => { const m = document.getElementById('message'); return !m.hidden && m.textContent.includes('not on YouTube') ? m.textContent : null; })()",
                as: String.self, seconds: 15)
            #expect(words.contains("does not let it play outside YouTube"), "\(words)")
            #expect(try await page.evaluate("__fakeYouTube.players[0].state !== 1", as: Bool.self))
        }
    }

    /// Issue 53 (3): "Play songs Apple Music lacks from YouTube", off by default. Turned on
    /// behind More (a real click on the switch by its name), a song Apple Music lacks plays in
    /// YouTube's player in sync with the host and the page says which service plays; the next
    /// song Apple Music has plays there again, and YouTube goes quiet.
    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func aSongTheListenersServiceLacksPlaysFromYouTubeWhenTheyAskForIt() async throws {
        try await Self.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            try await page.click(role: "button", name: "More")
            #expect(try await page.evaluate("document.getElementById('youtube-fallback').checked", as: Bool.self) == false, "off by default")
            #expect(try await page.evaluate("(window.__fakeYouTube?.players.length ?? 0) === 0", as: Bool.self), "no YouTube player until asked")
            try await page.click(role: "checkbox", name: "Play songs Apple Music lacks from YouTube")
            #expect(try await page.evaluate("localStorage.getItem('\(WebStorageKey.youtubeFallback)')", as: String.self) == "1")
            try await page.click(role: "button", name: "Close")

            // Solayoh is on Spotify and YouTube, not on Apple Music.
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.solayoh, positionMs: 10_000))
            try await Self.inSync(room, page, "Solayoh from YouTube", seconds: 20)
            #expect(try await page.evaluate("__fakeYouTube.players[0].videoId", as: String.self) == "yt-sol-mv")
            let says = try await page.evaluate(
                "(() => { const p = document.getElementById('playing-from'); return p.hidden ? '' : p.textContent; })()", as: String.self)
            #expect(says == "Playing from YouTube: not on Apple Music", "\(says)")
            #expect(try await page.evaluate("MusicKit.getInstance().playbackState !== 2", as: Bool.self), "Apple Music is quiet meanwhile")
            let size = try await page.evaluate(
                "(() => { const r = document.querySelector('#youtube-frame iframe').getBoundingClientRect(); return [r.width, r.height, document.getElementById('youtube-frame').hidden ? 0 : 1]; })()",
                as: [Double].self)
            #expect(size[0] >= 200 && size[1] >= 200 && size[2] == 1, "player \(size)")
            try await WebRoom.screenshot(page, "listener-youtube-fallback")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "playing from YouTube: \(findings)") }

            // The next song is on Apple Music: it plays there again, and YouTube goes quiet.
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 5_000))
            _ = try await page.waitFor("MusicKit.getInstance().nowPlayingItem?.id === '\(Fixtures.appleSheLooksSoPerfect.id)'", as: Bool.self, seconds: 20)
            try await room.waitInSync(page)
            #expect(try await page.evaluate("__fakeYouTube.players[0].state !== 1", as: Bool.self), "YouTube is quiet")
            #expect(try await page.evaluate("document.getElementById('playing-from').hidden", as: Bool.self))
        }
    }

    /// Issue 53 (3): a Spotify account the server's development-mode app has not listed gets 403
    /// "User not registered in the Developer Dashboard" from every Web API call; the page says so
    /// in words (never the code) and one tap on YouTube plays in sync.
    @Test(.enabled(if: SystemTests.chromium && SystemTests.isolatedPass, "needs Chromium; runs in the isolated pass"))
    func aSpotifyAccountNotOnTheListIsToldWhyAndOneTapPlaysOnYouTube() async throws {
        let accounts = FakeSpotifyAccounts(clientId: "web-client", clientSecret: "unused")
        await accounts.unlist("fake-user")
        let spotifyRouter = FakeSpotify.router(state: FakeServiceState(tracks: [Fixtures.cestLaVie]), accounts: accounts)
        try await FakeServiceServer.run(spotifyRouter) { spotify in
            try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
                let web = WebListenerConfiguration(
                    spotifyClientId: "web-client", spotifyAccountsURL: spotify, spotifyAPIURL: spotify, offersYouTube: true,
                    youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
                try await WebRoom.run(web: web, matchmaker: TestRooms.youtubeMatchmaker) { room in
                    try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 20_000))
                    let page = try await room.open()
                    defer { Task { await page.close() } }
                    try await WebListenerPageTests.waitStatus(page, "choosing")
                    try await page.click(role: "button", name: "Or play in this browser")
                    // Back from the login: the words, and the chooser again.
                    let words = try await page.waitFor(
                        "(() => { const m = document.getElementById('message'); return !m.hidden && simulcastPage.status === 'choosing' && m.textContent.includes('no place for you') ? m.textContent : null; })()",
                        as: String.self, seconds: 20)
                    #expect(words.contains("ask the host to add your Spotify e-mail, or listen on YouTube now"), "\(words)")
                    #expect(!words.contains("403"))
                    try await WebRoom.screenshot(page, "listener-spotify-not-listed")
                    let taps = WebListenerPageTests.Taps()
                    try await taps.tap(page, "Listen on YouTube")
                    try await taps.untilInSync(page) { try await Self.inSync(room, $0, "on YouTube after Spotify's refusal") }
                    #expect(taps.count == 1, "\(taps.count) taps from the refusal to YouTube in sync")
                    // The host's guest list as far as the room has seen: this YouTube listener was turned away by Spotify.
                    let told = await Poll.until(timeout: Patience.event) {
                        (try? await HandoverImpostorTests.summary(room.base, room.code))?.presence?.listeners
                            .contains { $0.service == .youtube && $0.spotifyListed == false } == true
                    }
                    #expect(told, "the room's presence never said Spotify turned the account away")
                }
            }
        }
    }

    /// Issue 53 (3): the host page says how Spotify's guest list works (where the server has a
    /// Spotify app for listeners), and the invite tells Spotify friends what to send.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium"))
    func theHostPageExplainsTheGuestListAndTheInviteSaysWhatToSend() async throws {
        try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
            let web = WebListenerConfiguration(
                spotifyClientId: "web-client", offersYouTube: true, youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
            try await WebRoom.run(web: web, matchmaker: TestRooms.youtubeMatchmaker) { room in
                let page = try await room.browser.openPhone("\(room.base)/r/\(room.code)/host", initScript: WebRoom.initScript)
                defer { Task { await page.close() } }
                // The explanation opens like any disclosure, by its visible name.
                try await page.click(role: "DisclosureTriangle", name: "Friends on Spotify")
                let steps = try await page.waitFor(
                    "(() => { const d = document.getElementById('spotify-guests'); return d.open && !d.hidden ? d.textContent : null; })()", as: String.self)
                #expect(steps.contains("five accounts") && steps.contains("User Management") && steps.contains("YouTube"), "\(steps)")
                // The invite, as the share sheet receives it.
                try await page.run(
                    "(() => { navigator.share = (data) => { window.__shared = data; return Promise.resolve(); }; navigator.canShare = () => true; })()")
                try await page.click(role: "button", name: "Share the link")
                let text = try await page.waitFor("window.__shared?.text ?? null", as: String.self)
                #expect(text.contains("e-mail of your Spotify account") && text.contains("YouTube, no sign-in"), "\(text)")
                if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "host page: \(findings)") }
            }
        }
    }

    /// The same flow in WebKit (WebKitGTK's WebDriver, a phone-sized window): a real click on
    /// "Listen on YouTube", in sync, the host's seek followed.
    @Test(
        .enabled(if: SystemTests.webKit, "needs WebKitGTK's WebDriver and Xvfb (scripts/test.sh installs webkit2gtk-driver and xvfb)"),
        .enabled(if: SystemTests.isolatedPass))
    func theYouTubeFlowRunsInWebKit() async throws {
        try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
            let web = WebListenerConfiguration(offersYouTube: true, youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
            try await WebRoom.run(web: web, matchmaker: TestRooms.youtubeMatchmaker, chromium: false) { room in
                try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))
                let browser = try await WebKitBrowser.launch()
                let page = browser.page
                do {
                    try await page.navigate("\(room.base)/r/\(room.code)")
                    try await WebKitListenerTests.waitStatus(page, "choosing")
                    try await page.click(buttonNamed: "Listen on YouTube")
                    try await room.waitInSync(page, sample: Self.sample, seconds: 30)
                    try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 90_000))
                    try await room.waitInSync(page, sample: Self.sample, seconds: 30)
                    #expect(
                        try await page.evaluate("document.querySelector('#youtube-frame iframe').getBoundingClientRect().width >= 200", as: Bool.self))
                } catch {
                    await browser.close()
                    throw error
                }
                await browser.close()
            }
        }
    }
}
