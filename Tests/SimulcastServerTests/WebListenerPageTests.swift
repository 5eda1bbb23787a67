import Foundation
import RoomStorage
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// The web listener in a real headless Chromium on a 390×844 phone, under Chromium's default
/// autoplay policy, clicked for real, against the real server on loopback. In test mode the
/// server serves stand-ins for MusicKit JS and the Spotify SDK that record every call and play
/// through a real media element, so the browser's gesture rules decide what may sound.
@Suite(.serialized) struct WebListenerPageTests {
    static func status(_ page: DevToolsPage) async throws -> String { try await page.evaluate("simulcastPage.status", as: String.self) }

    /// Waits for the page to reach a status: an event, so it waits with `Patience.event` unless told.
    static func waitStatus(_ page: DevToolsPage, _ key: String, seconds: Double = Patience.event.inSeconds) async throws {
        do {
            _ = try await page.waitFor("simulcastPage.status === '\(key)'", as: Bool.self, seconds: seconds)
        } catch {
            // Say where the page is instead: its status, message and address.
            let state = try? await page.evaluate(
                "JSON.stringify({status: window.simulcastPage && simulcastPage.status, phase: window.simulcastPage && simulcastPage.phase, message: window.simulcastPage && simulcastPage.message, path: location.pathname, text: document.body.innerText.slice(0, 300)})",
                as: String.self)
            throw DevToolsPage.ProtocolError(description: "status never became \(key): \(state ?? "no page")")
        }
    }

    /// W1, W4, W5, W6, W7, W10, W12 and W2 (Apple Music): one evening's states for a listener
    /// on Apple Music, started with a click, its developer token living 3 s.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func appleMusicListenerStartsWithAClickPausesForThemselvesAndSaysWhatTheyHear() async throws {
        try await WebRoom.run(web: .init(developerTokenLifetimeSeconds: 3)) { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 30_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            // No Spotify app on this server: the choice is not offered, and the page says why.
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            #expect(
                try await page.evaluate(
                    "document.querySelector('[data-choice=spotify]').hidden && !document.getElementById('spotify-help').hidden", as: Bool.self))
            try await WebRoom.screenshot(page, "listener-choose")

            try await page.click("[data-service=apple-music]")
            // The first play starts at the room's position (setQueue's startTime), never the opening then a seek.
            let start = try await page.waitFor(
                "(() => { const c = __fakeSDK.calls.find(c => c.method === 'setQueue' && c.args[0].startPlaying); return c && {at: c.at, startTime: c.args[0].startTime, song: c.args[0].songs[0]}; })()",
                as: Start.self)
            #expect(start.song == "298026101")
            let hostAtStart = await room.host.playback.positionMs(at: LocalTime(micros: Int64(start.at * 1000)))
            #expect(abs(start.startTime * 1000 - hostAtStart) < 300, "started at \(start.startTime * 1000) ms, host at \(hostAtStart) ms")
            #expect(
                try await page.evaluate("__fakeSDK.calls.findIndex(c => c.method === 'play') === -1", as: Bool.self), "no play of the opening before a seek")
            #expect(try await page.evaluate("__fakeSDK.refusedPlays", as: Int.self) == 0, "a click is a gesture: nothing refused")
            try await room.waitInSync(page)
            try await Self.waitStatus(page, "inSync")
            #expect(try await page.evaluate("document.getElementById('status').textContent", as: String.self) == "● In sync")
            #expect(
                try await page.evaluate(
                    "!document.getElementById('meter').hidden && document.getElementById('meter').getAttribute('aria-valuetext').startsWith('in sync')",
                    as: Bool.self))
            #expect(try await page.evaluate("document.title", as: String.self).hasPrefix("C'est La Vie"))
            #expect(try await page.evaluate("document.activeElement.id", as: String.self) == "now-title")
            try await WebRoom.screenshot(page, "listener-in-sync")
            // While nothing changes, nothing is announced again (the host's heartbeats included).
            try await page.run(
                "window.__announced = 0, new MutationObserver(() => window.__announced++).observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true})"
            )
            await room.host.heartbeatDue()
            try await Task.sleep(for: .seconds(2))  // twenty of the page's ticks and a heartbeat, in which the status may not be rewritten
            #expect(try await page.evaluate("window.__announced", as: Int.self) == 0)

            // The lock screen's pause is the listener's own: it holds while the room plays on.
            try await page.run("__mediaSessionHandlers.pause()")
            try await Self.waitStatus(page, "pausedByYou")
            let seen = try await page.evaluate("__fakeSDK.calls.length", as: Int.self)
            try await Task.sleep(for: .seconds(1))  // ten of the page's ticks, in which nothing may undo the pause
            #expect(try await page.evaluate("MusicKit.getInstance().playbackState", as: Int.self) == 3)
            #expect(
                try await page.evaluate(
                    "__fakeSDK.calls.slice(\(seen)).filter(c => c.method !== 'pause' && c.method !== 'developerToken').length", as: Int.self) == 0)
            #expect(try await page.evaluate("document.getElementById('meter').hidden", as: Bool.self), "no meter over silence")
            try await WebRoom.screenshot(page, "listener-paused-by-you")
            // ...and its play rejoins at the live position.
            try await page.run("__mediaSessionHandlers.play()")
            try await room.waitInSync(page)

            // The host pauses: said so, no meter; resumes and seeks: followed.
            try await room.host.apply(PlaybackEvent(event: .pause))
            try await Self.waitStatus(page, "hostPaused")
            #expect(try await page.evaluate("document.getElementById('meter').hidden", as: Bool.self))
            try await room.host.apply(PlaybackEvent(event: .resume))
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 120_000))
            try await room.waitInSync(page)

            // A song Apple Music does not have: no match here, and why; the meter goes.
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.solayoh, positionMs: 0))
            try await Self.waitStatus(page, "noMatch")
            #expect(try await page.evaluate("simulcastPage.noMatch", as: String.self) == "No match on Apple Music, so this song is skipped")
            _ = try await page.waitFor("MusicKit.getInstance().playbackState === 3", as: Bool.self)
            try await WebRoom.screenshot(page, "listener-no-match")
            // The next song has one: the no-match goes with the song it was about.
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 5_000, queue: [Fixtures.cestLaVie]))
            try await room.waitInSync(page)
            try await Self.waitStatus(page, "inSync")
            // The room's next matched song waits in MusicKit's own queue (a locked phone plays on into it).
            #expect(
                try await page.waitFor(
                    "__fakeSDK.calls.some(c => c.method === 'setQueue' && c.args[0].songs.join() === 'am-slsp,298026101')", as: Bool.self))
            #expect(try await page.evaluate("simulcastPage.noMatch === null && document.getElementById('message').hidden", as: Bool.self))

            // W2: the developer token (3 s) was renewed without a gap.
            let renewals = try await page.evaluate("simulcastPage.renewals.appleMusic", as: Int.self)
            let calls = try await page.evaluate("JSON.stringify(__fakeSDK.calls.map(c => c.method).slice(-30))", as: String.self)
            #expect(renewals >= 2, "\(calls)")
            #expect(try await page.evaluate("__fakeSDK.authorizationFailures", as: Int.self) == 0)
        }
    }

    struct Start: Decodable {
        var at: Double
        var startTime: Double
        var song: String
    }

    /// W2 (Spotify), W8, W14: the PKCE round trip through the accounts stand-in, back to the
    /// clean room link (the click on this origin still counts for Chromium's autoplay policy),
    /// then 8-second access tokens refreshed ahead of expiry while it plays.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func spotifyListenerLogsInWithPKCEAndKeepsPlayingThroughTokenRenewals() async throws {
        try await WebRoom.runWithSpotify(tokenLifetime: 8) { room, accounts in
            let page = try await room.open()
            defer { Task { await page.close() } }
            try await Self.waitStatus(page, "choosing")
            try await page.click("[data-service=spotify][data-mode=browser]")
            // Through /authorize and /r/callback, back to the room's own link: no code, no token in it.
            try await room.waitInSync(page, sample: WebRoom.spotifySample)
            #expect(try await page.evaluate("location.pathname + location.search + location.hash", as: String.self) == "/r/\(room.code)")
            #expect(try await page.evaluate("JSON.parse(sessionStorage.getItem('simulcast.spotify')).refresh.startsWith('refresh-')", as: Bool.self))
            try await Self.waitStatus(page, "inSync")
            // Two more token lifetimes: refreshed ahead of expiry, the SDK never refused.
            _ = try await page.waitFor("simulcastPage.renewals.spotify >= 2", as: Bool.self, seconds: 25)
            try await room.waitInSync(page, sample: WebRoom.spotifySample)
            #expect(try await page.evaluate("__fakeSDK.authenticationErrors", as: Int.self) == 0)
            #expect(await accounts.issuedAccessTokens.count >= 3)
        }
    }

    /// W1: a page that opens with no gesture on this origin (a returning login, a reload by
    /// script) has its first play refused by Chromium; it asks for one tap, and the tap plays
    /// at the live position.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aPlayRefusedForWantOfAGestureAsksForATapThatStartsLive() async throws {
        try await WebRoom.runWithSpotify { room, accounts in
            let refresh = await accounts.issueRefreshToken()
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            // A listener back from Spotify's login in a document nobody has touched.
            try await page.run(
                "sessionStorage.setItem('simulcast.spotify', JSON.stringify({access: 'old', refresh: '\(refresh)', expiresAt: 0, lifetimeMs: 3600000})), sessionStorage.setItem('simulcast.returning', 'spotify'), localStorage.setItem('\(WebStorageKey.spotifyMode)', 'browser'), location.reload()"
            )
            try await Self.waitStatus(page, "tap", seconds: 15)
            #expect(try await page.evaluate("__fakeSDK.autoplayFailures", as: Int.self) >= 1, "Chromium refused the play without a gesture")
            #expect(try await page.evaluate("document.activeElement.id", as: String.self) == "tap")
            try await WebRoom.screenshot(page, "listener-tap-to-listen")
            // Issue 51: as a person sees the screen, one control offers to start the sound (the
            // status pill once looked like a second "Tap to listen" and opened the Sync details).
            let starters = try await page.controls(namedLike: "listen|play|start")
            #expect(starters.count == 1 && starters.allSatisfy { $0.isNamed("Tap to listen") }, "controls that offer to start: \(starters)")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "the tap screen: \(findings)") }
            try await page.click(role: "button", name: "Tap to listen")
            try await room.waitInSync(page, sample: WebRoom.spotifySample)
            try await Self.waitStatus(page, "inSync")
        }
    }

    /// W2: a refused refresh ends in one clear "log in again", and the stale token is gone.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aRefusedSpotifyRefreshAsksToLogInAgainAndForgetsTheToken() async throws {
        try await WebRoom.runWithSpotify(tokenLifetime: 8) { room, _ in
            let page = try await room.open("#spotify_token=pasted-token")
            defer { Task { await page.close() } }
            // Issue 33 (7): a token in a link is never adopted as the listener's login, and is taken
            // out of the address at once (a copied link must not carry it).
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            #expect(try await page.evaluate("location.href.includes('pasted-token')", as: Bool.self) == false)
            #expect(try await page.evaluate("sessionStorage.getItem('simulcast.spotify') === null", as: Bool.self), "a token in a link became the login")
            // A login whose refresh token Spotify has revoked, its access token about to expire.
            try await page.run(
                "sessionStorage.setItem('simulcast.spotify', JSON.stringify({access: 'stale', refresh: 'revoked', expiresAt: Date.now() - 1000, lifetimeMs: 8000}))"
            )
            try await page.click("[data-service=spotify][data-mode=browser]")
            try await Self.waitStatus(page, "login")
            #expect(
                try await page.evaluate(
                    "!document.getElementById('login-again').hidden && sessionStorage.getItem('simulcast.spotify') === null", as: Bool.self))
        }
    }

    /// W7, W4: an SDK call that never settles does not stop the page following, and a one-off
    /// refusal from the server goes from the screen when its moment has passed.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aHungSDKCallAndAOneOffErrorDoNotStick() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            // The next seek never answers; the host seeks.
            try await page.run("__fakeSDK.hang = 'seekToTime'")
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 100_000))
            _ = try await page.waitFor("__fakeSDK.hang === null", as: Bool.self)
            // After the call's timeout the page follows again.
            try await room.waitInSync(page, seconds: 25)
            // The server refuses one message: said, then gone.
            try await page.run("__socket.send(JSON.stringify({v: 1, type: 'no-such-message'}))")
            _ = try await page.waitFor("!document.getElementById('message').hidden", as: Bool.self)
            _ = try await page.waitFor("document.getElementById('message').hidden", as: Bool.self, seconds: 12)
            try await Self.waitStatus(page, "inSync")
        }
    }

    /// W3: the page's monotonic clock stands still for 10 minutes (a laptop's sleep); the page
    /// sees the step at the next exchange and is back in sync within seconds.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func afterALaptopSleepsThePageIsBackInSyncWithinSeconds() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let page = try await room.listeningOnAppleMusic()
            defer { Task { await page.close() } }
            try await page.run("window.__clockShiftMs = -600000")
            _ = try await page.waitFor("simulcastPage.clockSteps >= 1", as: Bool.self, seconds: 8)
            try await room.waitInSync(page, seconds: 8)
        }
    }

    /// W11 and reconnection: a refusal that will not change stops the reconnect loop with a
    /// way out; a server restart is followed through.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aFullRoomStopsRetryingAndARestartedServerIsRejoined() async throws {
        var configuration = ServerConfiguration()
        configuration.limits.listenersPerRoom = 1
        let database = TestSupport.temporaryDatabase()
        try await WebRoom.run(configuration: configuration, makeStore: { try await SQLiteRoomStore.open(path: database, clock: SystemClock()) }) { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let first = try await room.listeningOnAppleMusic()
            defer { Task { await first.close() } }

            // The server restarts on the same port and database: the page rejoins by itself.
            let port = try #require(await room.server.port)
            await room.server.stop()
            try await Self.waitStatus(first, "reconnecting")
            try await WebRoom.screenshot(first, "listener-reconnecting")
            try await room.server.start(port: port)
            try await Self.waitStatus(first, "inSync", seconds: 20)

            // A second listener in a room for one: "room full", once, with a way out.
            let second = try await room.open()
            defer { Task { await second.close() } }
            try await Self.waitStatus(second, "choosing")
            try await second.click("[data-service=apple-music]")
            try await Self.waitStatus(second, "full")
            let sockets = try await second.evaluate("__sockets", as: Int.self)
            try await Task.sleep(for: .seconds(2))  // longer than the first backoffs: no new attempt may come
            #expect(try await second.evaluate("__sockets", as: Int.self) == sockets)
            #expect(try await second.evaluate("!document.getElementById('reload').hidden", as: Bool.self))
        }
    }

    /// W12: axe-core (the engine browsers' accessibility tools use) finds nothing serious or
    /// critical in the page's main states.
    @Test(.enabled(if: SystemTests.chromium && AxeCore.available, "needs Chromium and axe-core (scripts/test.sh installs axe-playwright-python)"))
    func thePageHasNoSeriousAccessibilityFindings() async throws {
        let axe = try AxeCore.script()
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 10_000))
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.run("eval(\(AxeCore.quoted(axe)))")
            var findings = try await AxeCore.scan(page) ?? []
            #expect(findings.isEmpty, "choosing: \(findings)")
            try await page.click("[data-service=apple-music]")
            try await room.waitInSync(page)
            findings = try await AxeCore.scan(page) ?? []
            #expect(findings.isEmpty, "in sync: \(findings)")
            // A long title wraps at 320 px instead of overflowing.
            let long = TrackMetadata(
                service: .spotify, id: "long", title: "Taumatawhakatangihangakoauauotamateaturipukakapikimaungahoronukupokaiwhenuakitanatahu",
                artists: ["Someone With A Very Long Name Indeed"], durationMs: 200_000)
            try await room.host.apply(PlaybackEvent(event: .play, track: long, positionMs: 0))
            _ = try await page.waitFor("document.getElementById('now-title').textContent.startsWith('Taumata')", as: Bool.self)
            try await page.emulatePhone(width: 320, height: 640)
            #expect(try await page.evaluate("document.documentElement.scrollWidth <= 320", as: Bool.self))
        }
    }

    /// Issue 22: a room with a six-character code (an earlier version's) is told on the page,
    /// in the welcome, that its code is retiring; the notice reads well on a phone.
    @Test(.enabled(if: SystemTests.chromium && AxeCore.available, "needs Chromium and axe-core (scripts/test.sh installs axe-playwright-python)"))
    func aRoomWithARetiringCodeSaysSoOnThePage() async throws {
        let axe = try AxeCore.script()
        let store = InMemoryRoomStore(clock: SystemClock())
        let now = SystemClock().serverClockNow()
        try await store.createRoom(StoredRoom(code: "ABC234", hostTokenHash: HostToken.hash("secret"), createdAt: now, state: .empty(at: now)))
        try await WebRoom.run(makeStore: { store }) { room in
            let page = try await room.browser.openPhone("\(room.base)/r/ABC234", initScript: WebRoom.initScript)
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=apple-music]")
            _ = try await page.waitFor(
                "!document.getElementById('message').hidden && document.getElementById('message').textContent.includes('stops working on')", as: Bool.self)
            try await WebRoom.screenshot(page, "listener-retiring-code")
            try await page.run("eval(\(AxeCore.quoted(axe)))")
            let findings = try await AxeCore.scan(page) ?? []
            #expect(findings.isEmpty, "retiring code: \(findings)")
        }
    }

    /// The page runs the port of the core's policy (its decisions are held equal to the Swift
    /// policy's by FollowDecisionTableTests under node) with the apps' clock sync.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func thePageRunsThePortedPolicy() async throws {
        try await WebRoom.run { room in
            let page = try await room.open()
            _ = try await page.waitFor("document.readyState === 'complete'", as: Bool.self)
            // Modules the page imports, not globals: the page's own scripts leave none behind.
            #expect(try await page.evaluate("typeof window.SimulcastFollow === 'undefined' && typeof window.simulcastShare === 'undefined'", as: Bool.self))
            #expect(
                try await page.evaluate(
                    "(async () => { const m = await import('/web/sync/follow.js'); return typeof m.FollowPolicy === 'function' && !('Follower' in m); })()",
                    as: Bool.self))
            #expect(try await page.evaluate("(async () => new (await import('/web/sync/clock-sync.js')).ClockSync().window)()", as: Int.self) == 32)
            let offset = try await page.evaluate(
                "(async () => { const c = new (await import('/web/sync/clock-sync.js')).ClockSync(); c.add(0, 1000080, 1000080, 100); c.add(200, 1000210, 1000210, 220); return c.offset; })()",
                as: Double.self)
            #expect(offset == 1_000_000)
        }
    }
}
