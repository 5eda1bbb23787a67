import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import SyncSimulator
import Testing

/// Issue 36 (2): "Keep my Spotify app in sync when I close this page", as a phone listener uses
/// it: real clicks in Chromium, the server's login through the loopback accounts service, and
/// the sync simulator's Connect device behind the loopback Web API. The page closes; the
/// server keeps the device with the room through a seek, a restart of the server and a skip;
/// the page opened again says so, and "Stop" ends it. The device's own sound, the truth
/// neither the page nor the server sees, is held against the host's.
@Suite(.serialized) struct WebServerFollowTests {
    /// Held to the spotify-connect scenario's bound in real time: it runs in the isolated pass, alone.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"), .enabled(if: SystemTests.isolatedPass))
    func theServerKeepsTheListenersAppInSyncAfterThePageClosesThroughARestartUntilStop() async throws {
        var configuration = SimulatedConnectDevice.Configuration()
        configuration.pollRoundTripMs = 0...0
        let clock = SystemClock()
        let device = SimulatedConnectDevice(id: "phone-app", configuration: configuration, trueClock: clock, followerClock: clock, seed: 37)
        try await WebRoom.runWithServerFollows(connect: device) { room, accounts, logs in
            let page = try await room.open()
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=spotify][data-mode=app]")
            _ = try await page.waitFor("simulcastPage.connect?.device === 'Simulated phone'", as: Bool.self, seconds: 20)
            try await WebSpotifyConnectTests.waitInSync(device, room, trackId: Fixtures.cestLaVie.id)
            _ = try await page.waitFor("!document.getElementById('keep-following-line').hidden", as: Bool.self)
            try await WebRoom.screenshot(page, "listener-keep-following")

            // One click: Spotify's login for the server, and back to the room, which says the server follows.
            try await page.click("#keep-following")
            _ = try await page.waitFor("simulcastPage.serverFollow?.status === 'following'", as: Bool.self, seconds: 20)
            let said = try await page.evaluate("document.getElementById('server-follow-text').textContent", as: String.self)
            #expect(said.contains("Simulated phone"), "\(said)")
            #expect(try await page.evaluate("document.getElementById('chooser').hidden && location.search === ''", as: Bool.self))
            await page.close()

            // The page is closed: the server keeps the app with the room through a seek.
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 120_000))
            try await WebSpotifyConnectTests.waitInSync(device, room, trackId: Fixtures.cestLaVie.id)

            // A restart: the new node takes the follow up from the sealed login and follows a skip.
            let port = try #require(URL(string: room.base)?.port)
            await room.server.stop()
            try await room.server.start(port: port)
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
            try await WebSpotifyConnectTests.waitInSync(device, room, trackId: Fixtures.sheLooksSoPerfect.id, seconds: 45)

            // Opened again, the page says the server follows for the listener and offers to stop.
            let again = try await room.open()
            defer { Task { await again.close() } }
            _ = try await again.waitFor("simulcastPage.serverFollow?.status === 'following'", as: Bool.self, seconds: 20)
            #expect(try await again.evaluate("simulcastPage.status", as: String.self) == "serverFollowing")
            #expect(try await again.evaluate("document.getElementById('chooser').hidden", as: Bool.self), "no second player offered while the server follows")
            try await WebRoom.screenshot(again, "listener-server-follows")
            if let findings = try await AxeCore.scan(again) { #expect(findings.isEmpty, "the server follows: \(findings)") }
            try await again.click("#stop-server-follow")
            _ = try await again.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            #expect(try await again.evaluate("document.getElementById('message').textContent", as: String.self).contains("no longer follows"))
            #expect(try await again.evaluate("localStorage.getItem('\(WebStorageKey.followPrefix)' + \(AxeCore.quoted(room.code))) === null", as: Bool.self))

            // Stopped: the host seeks and the app is left alone.
            try await Task.sleep(for: .seconds(2))  // a command sent before the Stop lands
            let commandsAtStop = await device.commandsReceived
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 90_000))
            try await Task.sleep(for: .seconds(4))  // a window of the server's follow ticks in which no command may come
            #expect(await device.commandsReceived == commandsAtStop, "the server kept commanding the app after Stop")

            // The listener's Spotify tokens, the page's and the server's, appear in no log line,
            // no room state, and nothing the page shows.
            let secrets = await accounts.issuedAccessTokens + accounts.issuedRefreshTokens
            #expect(!secrets.isEmpty)
            let summary = String(
                decoding: try JSONEncoder().encode(try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code)), as: UTF8.self)
            let shown = try await again.evaluate("location.href + document.body.innerText + JSON.stringify(localStorage)", as: String.self)
            for secret in secrets {
                #expect(!summary.contains(secret) && !shown.contains(secret), "a Spotify token in the room's state or the page")
                for line in logs.all where line.contains(secret) { Issue.record("a Spotify token in the log: \(line.prefix(200))") }
            }
        }
    }
}
