import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 37 (3), as a phone listener uses it: "Played in this room" lists the room's songs in
/// order with links to the listener's own recordings, and "Save as a playlist" makes them a
/// playlist on their own service, in order: Apple Music through MusicKit's API (its
/// stand-in), Spotify through the Web API after a login asked for only at that moment.
@Suite(.serialized) struct WebHistoryTests {
    static let open = "(() => { const d = document.getElementById('history'); if (!d.open) d.querySelector('summary').click(); return true; })()"
    static let titles = "Array.from(document.querySelectorAll('#history-list .what')).map(e => e.textContent)"

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func anAppleMusicListenerSeesTheRoomsSongsAndSavesThemAsAPlaylist() async throws {
        try await WebRoom.run { room in
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie, positionMs: 0))
            // Listening, not held to a sync bound: the list and the playlist are what is tested.
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=apple-music]")
            _ = try await page.waitFor("simulcastPage.phase === 'listening' && MusicKit.getInstance().nowPlayingItem !== null", as: Bool.self)
            try await page.run(Self.open)
            _ = try await page.waitFor("\(Self.titles).length === 1", as: Bool.self)
            // A new song joins the open list.
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
            _ = try await page.waitFor("\(Self.titles).length === 2", as: Bool.self)
            #expect(
                try await page.evaluate(Self.titles, as: [String].self) == ["C'est La Vie · B*Witched", "She Looks So Perfect · 5 Seconds of Summer"])
            let links = try await page.evaluate("Array.from(document.querySelectorAll('#history-list a')).map(a => a.href)", as: [String].self)
            #expect(links.first == "https://music.apple.com/us/song/\(Fixtures.appleCestLaVie.id)", "the listener's own recording: \(links)")
            try await page.run("document.getElementById('history').scrollIntoView({block: 'center'})")
            try await WebRoom.screenshot(page, "listener-history")
            if let findings = try await AxeCore.scan(page) { #expect(findings.isEmpty, "the history: \(findings)") }

            // Saved right after the song changed: the second song's match may still be on its way;
            // the save reads the list afresh, so both are saved once both are matched.
            _ = try await page.waitFor(
                "simulcastPage.room?.track?.matches?.some(m => m.service === 'apple-music' && m.result.track?.id === 'am-slsp')", as: Bool.self)
            try await page.click("#save-playlist")
            let note = try await page.waitFor(
                "document.getElementById('history-note').textContent.startsWith('Saved') ? document.getElementById('history-note').textContent : null",
                as: String.self)
            #expect(note.contains("2 songs") && note.contains("Apple Music"), "\(note)")
            let made = try await page.evaluate("window.__fakeSDK.createdPlaylists.map(p => p.songs)", as: [[String]].self)
            #expect(made == [[Fixtures.appleCestLaVie.id, Fixtures.appleSheLooksSoPerfect.id]])
        }
    }

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (.ci/run installs Debian's chromium)"))
    func aSpotifyListenerSavesThePlaylistAfterALoginAskedForOnlyThen() async throws {
        let player = FakeSpotify.Player()
        try await WebRoom.runWithSpotify(player: player) { room, _ in
            let page = try await room.open()
            defer { Task { await page.close() } }
            _ = try await page.waitFor("simulcastPage.status === 'choosing'", as: Bool.self)
            try await page.click("[data-service=spotify][data-mode=browser]")
            _ = try await page.waitFor("simulcastPage.phase === 'listening'", as: Bool.self, seconds: 20)
            let firstScope = try await page.evaluate("JSON.parse(sessionStorage.getItem('simulcast.spotify')).scope", as: String.self)
            #expect(!firstScope.contains("playlist-modify-private"), "not asked for until it is used: \(firstScope)")
            try await room.host.apply(PlaybackEvent(event: .play, track: Fixtures.sheLooksSoPerfect, positionMs: 0))
            try await page.run(Self.open)
            _ = try await page.waitFor("\(Self.titles).length === 2", as: Bool.self)
            #expect(
                try await page.evaluate("document.querySelector('#history-list a').href", as: String.self)
                    == "https://open.spotify.com/track/\(Fixtures.cestLaVie.id)")

            // Saving asks Spotify for the playlist scope, comes back, plays on and saves.
            try await page.click("#save-playlist")
            do {
                _ = try await page.waitFor(
                    "document.getElementById('history-note')?.textContent.startsWith('Saved') && simulcastPage.phase === 'listening'", as: Bool.self,
                    seconds: 30)
            } catch {
                let state = try await page.evaluate(
                    "JSON.stringify({note: document.getElementById('history-note')?.textContent, phase: simulcastPage.phase, message: simulcastPage.message?.text, url: location.href, scope: JSON.parse(sessionStorage.getItem('simulcast.spotify'))?.scope})",
                    as: String.self)
                Issue.record("not saved: \(state)")
                throw error
            }
            let playlists = await player.playlists
            #expect(playlists.count == 1)
            #expect(playlists.first?.isPublic == false)
            #expect(playlists.first?.uris == ["spotify:track:\(Fixtures.cestLaVie.id)", "spotify:track:\(Fixtures.sheLooksSoPerfect.id)"])
        }
    }
}
