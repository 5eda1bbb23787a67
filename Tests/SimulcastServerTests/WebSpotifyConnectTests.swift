import AsyncHTTPClient
import Foundation
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import SyncSimulator
import Testing

/// "Play on my Spotify app" as a phone listener uses it: real clicks in Chromium with a
/// phone's viewport and user agent, the PKCE login through the loopback accounts service,
/// and the loopback Web API in front of the sync simulator's Connect device (its command
/// latencies, buffering and late reports, in real time). The device's own sound, the truth
/// the page never sees, is held against the host's.
@Suite(.serialized) struct WebSpotifyConnectTests {
    /// The bound the benchmark's spotify-connect scenario reports as its steady p99 (docs/BENCHMARKS.md).
    static let boundMs = 180.0

    /// Waits until the device plays the track within `boundMs` of the host for a second (ten
    /// readings in a row, 100 ms apart); returns the errors seen in that second.
    @discardableResult
    static func waitInSync(_ device: SimulatedConnectDevice, _ room: WebRoom, trackId: String, seconds: Double = 30) async throws -> [Double] {
        let clock = SystemClock()
        var inRow: [Double] = []
        let deadline = clock.now().advanced(byMilliseconds: seconds * 1000)
        var last = "nothing yet"
        while clock.now() < deadline {
            let now = clock.now()
            let sound = await device.audible(at: now.micros)
            let playback = await room.host.playback
            if sound.trackId == trackId, sound.playing, playback.playing {
                let error = sound.positionMs - playback.positionMs(at: now)
                last = "\(Int(error)) ms"
                if abs(error) <= boundMs { inRow.append(error) } else { inRow = [] }
                if inRow.count >= 10 { return inRow }
            } else {
                last = "device \(sound.trackId ?? "idle") playing \(sound.playing)"
                inRow = []
            }
            try await Task.sleep(for: .milliseconds(100))  // the next reading of the device
        }
        throw DevToolsPage.ProtocolError(description: "the Spotify app never came within \(boundMs) ms of the host (last: \(last))")
    }

    /// Held to 180 ms of the host in real time: it runs in the isolated pass, alone.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"), .enabled(if: SystemTests.isolatedPass))
    func aPhoneListenerPlaysOnTheirSpotifyAppAndItFollowsPlaySeekSkipAndPause() async throws {
        var configuration = SimulatedConnectDevice.Configuration()
        // The loopback round trip is the poll's own: the simulator adds none.
        configuration.pollRoundTripMs = 0...0
        let clock = SystemClock()
        let device = SimulatedConnectDevice(id: "phone-app", configuration: configuration, trueClock: clock, followerClock: clock, seed: 36)
        try await WebRoom.runWithSpotify(connect: device) { room, accounts in
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            // On a phone the app's button comes first.
            #expect(try await page.evaluate("document.querySelector('[data-service=spotify]').dataset.mode", as: String.self) == "app")
            try await WebRoom.screenshot(page, "listener-choose-spotify-phone")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "the choice: \(findings)") }
            try await page.click("[data-service=spotify][data-mode=app]")
            _ = try await page.waitFor("simulcastPage.connect?.device === 'Simulated phone'", as: Bool.self, seconds: 20)
            try await Self.waitInSync(device, room, trackId: Fixtures.cestLaVie.id)
            #expect(try await page.evaluate("document.getElementById('connect-line').textContent", as: String.self).contains("Simulated phone"))
            try await WebRoom.screenshot(page, "listener-spotify-app")
            #expect(try await page.evaluate("document.getElementById('volume').parentElement.hidden", as: Bool.self), "a volume that moves nothing")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "listening on the app: \(findings)") }

            // The host seeks, skips, pauses and plays again: the app follows each.
            try await room.host.apply(PlaybackEvent(event: .seek, positionMs: 120_000))
            try await Self.waitInSync(device, room, trackId: Fixtures.cestLaVie.id)
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
            try await Self.waitInSync(device, room, trackId: Fixtures.sheLooksSoPerfect.id)
            try await room.host.apply(PlaybackEvent(event: .pause))
            guard await Poll.until(timeout: .seconds(10), { await !device.audible(at: clock.now().micros).playing }) else {
                throw DevToolsPage.ProtocolError(description: "the Spotify app did not pause with the host")
            }
            // Once paused (and moved to the room's paused position, one seek at most), the app is left alone.
            try await Task.sleep(for: .seconds(3))  // the last command of the pause lands
            let commandsWhilePaused = await device.commandsReceived
            try await Task.sleep(for: .seconds(3))  // a window of thirty follow ticks in which no command may come
            #expect(await device.commandsReceived == commandsWhilePaused, "a paused room kept sending commands to a paused app")
            try await room.host.apply(PlaybackEvent(event: .resume))
            try await Self.waitInSync(device, room, trackId: Fixtures.sheLooksSoPerfect.id)
            #expect(await device.rateLimited == 0)

            // The listener's Spotify tokens stay in their browser: not in the address, the room's
            // state, or anything the page shows.
            let tokens = await accounts.issuedAccessTokens
            #expect(!tokens.isEmpty)
            let summary = try await RoomsAPI(baseURL: room.base, transport: .live).room(code: room.code)
            let seen = [
                try await page.evaluate("location.href + document.body.innerText", as: String.self),
                String(decoding: try JSONEncoder().encode(summary), as: UTF8.self),
            ]
            for token in tokens { #expect(!seen.contains { $0.contains(token) }, "a Spotify token left the listener's browser") }
        }
    }

    /// Honest status: no Spotify app open, then an account without Premium, each said in words
    /// the listener can act on, and nothing played.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func spotifysRefusalsAreSaidInWords() async throws {
        let player = FakeSpotify.Player()
        try await WebRoom.runWithSpotify(player: player) { room, _ in
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=spotify][data-mode=app]")
            let noDevice = try await page.waitFor("simulcastPage.message?.text", as: String.self)
            #expect(noDevice.contains("Open Spotify on your phone or computer"), "\(noDevice)")
            #expect(try await page.evaluate("simulcastPage.phase", as: String.self) == "choosing")

            await player.setDevices([SpotifyConnectDevice(id: "phone-1", name: "Ana's Pixel", kind: "Smartphone", isActive: true)])
            await player.setPremium(false)
            try await page.click("[data-service=spotify][data-mode=app]")
            _ = try await page.waitFor("simulcastPage.connect?.refusal", as: String.self)
            let refusal = try await page.evaluate("document.getElementById('connect-line').textContent", as: String.self)
            #expect(refusal.contains("Premium"), "\(refusal)")
            #expect(await player.commands.isEmpty)

            // Issue 51: an account the server's Spotify app has not listed (403 from every call in
            // development mode) hears why and what to do, in a sentence with no status code.
            await player.setRegistered(false)
            try await page.navigate("\(room.base)/r/\(room.code)")
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click(role: "button", name: "Play on my Spotify app")
            let unlisted = try await page.waitFor("simulcastPage.message?.text", as: String.self)
            // The stand-in answers every call 403 as Spotify does, `/v1/me` first (issue 53's words).
            #expect(unlisted.contains("has no place for you yet") && unlisted.contains("choose another service"), "\(unlisted)")
            let shown = try await page.evaluate("document.body.innerText", as: String.self)
            #expect(shown.contains(unlisted), "the sentence is on the screen")
            #expect(shown.matches(of: /\b[1-5]\d\d\b|\(\w+_\w+\)/).isEmpty, "a status or an error code on the screen: \(shown)")
            // And the host can tell (issue 53): the listener goes on with another service, and the
            // room's presence says Spotify turned this account away.
            try await page.click(role: "button", name: "Listen on Apple Music")
            let told = await Poll.until(timeout: Patience.event) {
                (try? await HandoverImpostorTests.summary(room.base, room.code))?.presence?.listeners.contains { $0.spotifyListed == false } == true
            }
            #expect(told, "the room never heard that Spotify turned the account away")
        }
    }
}
