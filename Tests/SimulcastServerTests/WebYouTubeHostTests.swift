import Catalogs
import Foundation
import ServiceHTTP
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing
import TrackMatching

/// Issue 53 (4): a room hosted from YouTube in the host page, with real clicks on a phone
/// against the stand-in of the IFrame API. The host starts the room from the front page,
/// starts the player, searches and plays a video: an Apple Music listener page plays the
/// studio recording the video carries within 100 ms of the host's player, a YouTube listener
/// page the same video; a pasted link to a video that is not a song is "no match" for the
/// Apple Music listener, whose music stops.
@Suite(.serialized, .enabled(if: TestSupport.isolatedPass)) struct WebYouTubeHostTests {
    /// Where the host's video is: the stand-in's own time, not its stepped `getCurrentTime`.
    static let hostSample =
        "(() => { const p = window.__fakeYouTube.players[0]; return {positionMs: p.videoTime() * 1000, at: Date.now(), playing: p.state === 1 && !p.adUntil}; })()"

    /// `listener` plays within 100 ms of the host's video for ten readings in a row (the
    /// listener's sample less its page's sound delay, as what is heard).
    static func followed(_ host: DevToolsPage, _ listener: DevToolsPage, sample: String, _ moment: String) async throws {
        var inARow = 0
        var last = Double.nan
        let held = await Poll.until(timeout: .seconds(25), interval: .milliseconds(100)) {
            guard let reference = try? await host.evaluate(Self.hostSample, as: WebRoom.Sample.self), reference.playing,
                let reading = try? await listener.evaluate(sample, as: WebRoom.Sample.self), reading.playing
            else {
                inARow = 0
                return false
            }
            last = reading.positionMs - (reference.positionMs + reading.at - reference.at)
            inARow = abs(last) < 100 ? inARow + 1 : 0
            return inARow >= 10
        }
        if !held {
            let seen =
                (try? await listener.evaluate(
                    "JSON.stringify({status: simulcastPage.status, commands: simulcastPage.commands.slice(-6).map(c => [c.kind, c.trackId, Math.round(c.positionMs ?? -1)])})",
                    as: String.self)) ?? "?"
            let published = (try? await host.evaluate("JSON.stringify(simulcastHostPage.youtube.intents)", as: String.self)) ?? "?"
            Issue.record("\(moment): not within 100 ms for 1 s in 25 s (last \(last) ms); listener \(seen); host published \(published)")
        }
    }

    /// A pasted playlist's link queues its videos and the first plays, through the real Data
    /// API client and the stand-in's `playlistItems.list`: no search is spent on it.
    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func aPastedPlaylistQueuesItsVideosAndTheFirstPlays() async throws {
        let dataAPI = FakeYouTube.State(videos: TestRooms.youtubeVideos)
        await dataAPI.addPlaylist("PLpartyTonight01", videos: ["yt-cest-aud", "yt-slsp-mv1"])
        try await FakeServiceServer.run(FakeYouTube.router(state: dataAPI)) { youtubeAPI in
            try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
                let client = YouTubeClient(
                    configuration: YouTubeClient.Configuration(baseURL: youtubeAPI, apiKey: "test-youtube-key"), transport: NIOHTTPTransport.live,
                    cache: nil, quota: YouTubeQuota(clock: SystemClock()), clock: SystemClock())
                let matchmaker = TrackMatchmaker(catalogs: [.appleMusic: TestRooms.appleCatalog, .youtube: client], matcher: SimulcastMatcher())
                let web = WebListenerConfiguration(offersYouTube: true, youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
                try await WebRoom.run(web: web, matchmaker: matchmaker) { room in
                    let host = try await room.browser.openPhone(room.base + "/", initScript: WebRoom.initScript)
                    defer { Task { await host.close() } }
                    _ = try await host.waitFor("!document.getElementById('start-youtube').hidden", as: Bool.self)
                    try await host.click(role: "button", name: "Start a room with YouTube")
                    _ = try await host.waitFor("location.pathname.endsWith('/host') ? location.pathname : null", as: String.self)
                    try await host.click(role: "button", name: "Start the YouTube player")
                    _ = try await host.waitFor("window.simulcastHostPage.youtube.synchronised", as: Bool.self, seconds: 15)
                    try await host.click("#youtube-term")
                    try await host.type("https://www.youtube.com/playlist?list=PLpartyTonight01")
                    try await host.click(role: "button", name: "Search")
                    _ = try await host.waitFor(
                        "simulcastHostPage.youtube.lastState?.track?.id === 'yt-cest-aud' && simulcastHostPage.youtube.lastState.playing", as: Bool.self,
                        seconds: 15)
                    #expect(try await host.evaluate("simulcastHostPage.youtube.queue.map((video) => video.id)", as: [String].self) == ["yt-slsp-mv1"])
                    #expect(await dataAPI.searches.isEmpty, "a playlist costs no search")
                }
            }
        }
    }

    @Test(.enabled(if: SystemTests.chromium, "needs Chromium (scripts/test.sh installs it)"))
    func aYouTubeHostIsFollowedOnAppleMusicAndOnYouTube() async throws {
        try await FakeServiceServer.run(try FakeBrowserSDKs.router()) { sdks in
            let web = WebListenerConfiguration(offersYouTube: true, youtubeIFrameAPIURL: sdks + FakeBrowserSDKs.youtubeIFrameAPIPath)
            try await WebRoom.run(web: web, matchmaker: TestRooms.youtubeMatchmaker) { room in
                // The host: "Start a room with YouTube" on the front page, start the player, search, play.
                let host = try await room.browser.openPhone(room.base + "/", initScript: WebRoom.initScript)
                defer { Task { await host.close() } }
                _ = try await host.waitFor("!document.getElementById('start-youtube').hidden", as: Bool.self)
                try await host.click(role: "button", name: "Start a room with YouTube")
                let path = try await host.waitFor("location.pathname.endsWith('/host') ? location.pathname : null", as: String.self)
                let code = String(path.dropFirst("/r/".count).dropLast("/host".count))
                try await host.click(role: "button", name: "Start the YouTube player")
                _ = try await host.waitFor("window.simulcastHostPage.youtube.synchronised", as: Bool.self, seconds: 15)
                try await host.click("#youtube-term")
                try await host.type("She Looks So Perfect")
                try await host.click(role: "button", name: "Search")
                let play = "Play 5 Seconds of Summer - She Looks So Perfect (Official Video)"
                _ = try await host.waitFor("document.querySelectorAll('#youtube-results li').length > 0", as: Bool.self)
                try await host.click(role: "button", name: play)
                _ = try await host.waitFor(
                    "simulcastHostPage.youtube.lastState?.track?.id === 'yt-slsp-mv1' && simulcastHostPage.youtube.lastState.playing", as: Bool.self,
                    seconds: 15)
                // The player is visible, at least 200x200.
                let size = try await host.evaluate(
                    "(() => { const r = document.querySelector('#youtube-player iframe').getBoundingClientRect(); return [r.width, r.height]; })()",
                    as: [Double].self)
                #expect(size[0] >= 200 && size[1] >= 200, "the host's player is \(size)")
                try await WebRoom.screenshot(host, "host-youtube")
                if let findings = try await AxeCore.scan(host) { #expect(findings.isEmpty, "the YouTube host page: \(findings)") }

                // An Apple Music listener hears the studio recording the video carries.
                let apple = try await room.browser.openPhone("\(room.base)/r/\(code)", initScript: WebRoom.initScript)
                defer { Task { await apple.close() } }
                try await WebListenerPageTests.waitStatus(apple, "choosing")
                try await apple.click(role: "button", name: "Listen on Apple Music")
                _ = try await apple.waitFor(
                    "(() => { const m = MusicKit.getInstance(); return m.nowPlayingItem?.id === '\(Fixtures.appleSheLooksSoPerfect.id)' && m.playbackState === 2; })()",
                    as: Bool.self, seconds: 20)
                try await Self.followed(host, apple, sample: WebRoom.appleSample, "Apple Music, the first video")

                // A YouTube listener plays the same video.
                let youtube = try await room.browser.openPhone("\(room.base)/r/\(code)", initScript: WebRoom.initScript)
                defer { Task { await youtube.close() } }
                try await WebListenerPageTests.waitStatus(youtube, "choosing")
                try await youtube.click(role: "button", name: "Listen on YouTube")
                _ = try await youtube.waitFor("__fakeYouTube.players[0]?.videoId === 'yt-slsp-mv1'", as: Bool.self, seconds: 20)
                try await Self.followed(host, youtube, sample: WebYouTubeListenerTests.sample, "YouTube, the same video")

                // A pasted link to a video that is not a song: "no match" on Apple Music, and its music stops.
                try await host.click("#youtube-term")
                try await host.run("document.getElementById('youtube-term').value = ''")
                try await host.type("https://youtu.be/yt-vlog-day")
                try await host.click(role: "button", name: "Search")
                _ = try await host.waitFor("simulcastHostPage.youtube.lastState?.track?.id === 'yt-vlog-day'", as: Bool.self, seconds: 15)
                try await WebListenerPageTests.waitStatus(apple, "noMatch")
                _ = try await apple.waitFor("MusicKit.getInstance().playbackState !== 2", as: Bool.self)
                _ = try await youtube.waitFor("__fakeYouTube.players[0]?.videoId === 'yt-vlog-day'", as: Bool.self, seconds: 20)
            }
        }
    }
}
