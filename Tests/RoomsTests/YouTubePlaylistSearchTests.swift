import Catalogs
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing
import TrackMatching

@testable import Rooms

/// Issue 53 (4): the YouTube host page's search box takes a playlist's link: the room's search
/// answers its videos in order (playlistItems.list and videos.list, two units), never a search.
@Suite struct YouTubePlaylistSearchTests {
    static let videos = [
        TrackMetadata(
            service: .youtube, id: "gFZfwWZV074", title: "Taylor Swift - Anti-Hero (Official Audio)", artists: ["TaylorSwiftVEVO"], durationMs: 201_000),
        TrackMetadata(service: .youtube, id: "bSnlKl_PoQU", title: "Bohemian Rhapsody (Remastered 2011)", artists: ["Queen - Topic"], durationMs: 355_000),
    ]

    @Test func aPastedPlaylistIsItsVideosInOrder() async throws {
        let state = FakeYouTube.State(videos: Self.videos)
        await state.addPlaylist("PLparty2026", videos: ["bSnlKl_PoQU", "gFZfwWZV074"])
        try await FakeServiceServer.run(FakeYouTube.router(state: state)) { base in
            let clock = ManualClock()
            let client = YouTubeClient(
                configuration: YouTubeClient.Configuration(baseURL: base, apiKey: "test-youtube-key"), transport: NIOHTTPTransport.live, cache: nil,
                quota: YouTubeQuota(clock: clock), clock: SystemClock())
            let hub = RoomHub(
                store: InMemoryRoomStore(clock: clock), matchmaker: TrackMatchmaker(catalogs: [.youtube: client], matcher: SimulcastMatcher()), clock: clock,
                metrics: ServerMetrics(), logger: TestRooms.quietLogger)
            let found = try await hub.searchSongs("https://www.youtube.com/playlist?list=PLparty2026", on: .youtube, storefront: "us")
            #expect(found?.map(\.id) == ["bSnlKl_PoQU", "gFZfwWZV074"])
            #expect(await state.searches.isEmpty, "a playlist costs no search")
            #expect(await state.unitsSpent == FakeYouTube.playlistItemsCost + FakeYouTube.videosCost)
        }
    }
}
