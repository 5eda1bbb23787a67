import CatalogCore
import Foundation
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing
import TrackMatching

@testable import Catalogs

/// Issue 53 (2): the Data API client against a loopback Data API that checks the key and
/// counts quota units. Videos are found in the listener's region, embeddable only, with their
/// lengths; the key never travels in a URL; a spent quota holds lookups until midnight
/// Pacific, and they resume after it.
@Suite(.serialized) struct YouTubeClientTests {
    static let videos: [TrackMetadata] = [
        TrackMetadata(
            service: .youtube, id: "fJ9rUzIMcZQ", title: "Queen – Bohemian Rhapsody (Official Video Remastered)", artists: ["Queen Official"],
            durationMs: 359_000),
        TrackMetadata(service: .youtube, id: "bSnlKl_PoQU", title: "Bohemian Rhapsody (Remastered 2011)", artists: ["Queen - Topic"], durationMs: 355_000),
        TrackMetadata(
            service: .youtube, id: "A22oy8dFjqc", title: "Queen - Bohemian Rhapsody (Live Aid 1985)", artists: ["Queen Official"], durationMs: 359_000),
        TrackMetadata(
            service: .youtube, id: "gFZfwWZV074", title: "Taylor Swift - Anti-Hero (Official Audio)", artists: ["TaylorSwiftVEVO"], durationMs: 201_000),
        TrackMetadata(
            service: .youtube, id: "b1kbLwvqugk", title: "Taylor Swift - Anti-Hero (Official Music Video)", artists: ["TaylorSwiftVEVO"], durationMs: 260_000),
    ]

    static let bohemian = TrackMetadata(
        service: .spotify, id: "4u7EnebtmKWzUH433cf5Qv", title: "Bohemian Rhapsody - Remastered 2011", artists: ["Queen"],
        album: "A Night At The Opera (2011 Remaster)", durationMs: 354_320)

    func withFake<T: Sendable>(
        clock: any LocalClock = ImmediateClock(), key: String = "test-youtube-key", cache: (any ResponseCache)? = nil,
        _ body: @Sendable (YouTubeClient, FakeYouTube.State) async throws -> T
    ) async throws -> T {
        let state = FakeYouTube.State(videos: Self.videos)
        return try await FakeServiceServer.run(FakeYouTube.router(state: state)) { base in
            let client = YouTubeClient(
                configuration: YouTubeClient.Configuration(baseURL: base, apiKey: key), transport: NIOHTTPTransport.live, cache: cache,
                quota: YouTubeQuota(clock: clock), clock: clock)
            return try await body(client, state)
        }
    }

    /// A host's pasted playlist: its videos in its order, two units, what cannot be embedded or
    /// is blocked in the region left out; a playlist YouTube will not read is no videos.
    @Test func aPlaylistIsItsVideosInOrderForTwoUnits() async throws {
        try await withFake { client, state in
            await state.addPlaylist("PLqueenAndTaylor01", videos: ["gFZfwWZV074", "A22oy8dFjqc", "bSnlKl_PoQU", "fJ9rUzIMcZQ"])
            await state.blockEmbedding("A22oy8dFjqc")
            await state.block("fJ9rUzIMcZQ", in: "DE")
            let videos = try await client.playlistTracks(id: "PLqueenAndTaylor01", storefront: "de")
            #expect(videos.map(\.id) == ["gFZfwWZV074", "bSnlKl_PoQU"])
            #expect(videos.first?.durationMs == 201_000)
            #expect(await state.unitsSpent == FakeYouTube.playlistItemsCost + FakeYouTube.videosCost)
            #expect(try await client.playlistTracks(id: "PLnobodyCanRead0", storefront: "us").isEmpty)
        }
    }

    @Test func aSearchFindsEmbeddableVideosInTheRegionWithTheirLengths() async throws {
        try await withFake { client, state in
            await state.blockEmbedding("A22oy8dFjqc")
            await state.block("fJ9rUzIMcZQ", in: "DE")
            let inUS = try await client.search(term: "Queen Bohemian Rhapsody", storefront: "us", limit: 25)
            #expect(inUS.map(\.id) == ["fJ9rUzIMcZQ", "bSnlKl_PoQU"], "the live video may not be embedded")
            #expect(inUS.first?.durationMs == 359_000)
            #expect(inUS.first?.title == "Queen – Bohemian Rhapsody (Official Video Remastered)", "titles unescaped, from videos.list")
            #expect(inUS.first?.artists == ["Queen Official"])
            let inDE = try await client.search(term: "Queen Bohemian Rhapsody", storefront: "de", limit: 25)
            #expect(inDE.map(\.id) == ["bSnlKl_PoQU"], "blocked in Germany")
            #expect(await state.searches.map(\.region) == ["US", "DE"])
            #expect(await state.unitsSpent == 2 * (FakeYouTube.searchCost + FakeYouTube.videosCost))
            #expect(try await client.track(id: "gFZfwWZV074", storefront: "us")?.durationMs == 201_000)
            #expect(try await client.track(id: "not-a-video-id", storefront: "us") == nil, "not an id: no call")
        }
    }

    @Test func theMatcherSpendsOneSearchAndTakesTheStudioRecording() async throws {
        try await withFake { client, state in
            let result = await SimulcastMatcher().match(Self.bohemian, in: client, storefront: "us")
            #expect(result.track?.id == "bSnlKl_PoQU", "\(result.reasons)")
            #expect(result.track?.title == "Bohemian Rhapsody (Remastered 2011)", "the video as YouTube names it")
            #expect(await state.searches.count == 1, "one search.list (100 units) per song")
        }
    }

    @Test func answersAreCachedSoASongIsSearchedOncePerRegion() async throws {
        let cache = InMemoryResponseCache()
        try await withFake(cache: cache) { client, state in
            for _ in 0..<3 { _ = try await client.search(term: "Taylor Swift Anti-Hero", storefront: "us", limit: 25) }
            _ = try await client.search(term: "Taylor Swift Anti-Hero", storefront: "gb", limit: 25)
            #expect(await state.searches.map(\.region) == ["US", "GB"])
        }
    }

    @Test func aWrongKeyIsRefusedInWordsWithoutTheKey() async throws {
        try await withFake(key: "wrong-key-that-is-secret") { client, _ in
            do {
                _ = try await client.search(term: "Queen", storefront: "us", limit: 5)
                Issue.record("a wrong key was accepted")
            } catch {
                #expect(error as? CatalogServiceError == .unauthorized(.youtube))
                #expect(!"\(error)".contains("wrong-key-that-is-secret"))
            }
        }
    }

    @Test func aSpentQuotaHoldsLookupsUntilMidnightPacificThenTheyResume() async throws {
        // 2026-12-07 20:00 UTC is 12:00 in Los Angeles (PST, UTC-8): twelve hours to the reset.
        let clock = ManualClock(micros: 1_796_673_600_000_000)
        try await withFake(clock: clock) { client, state in
            await state.setDailyLimit(FakeYouTube.searchCost + FakeYouTube.videosCost)
            _ = try await client.search(term: "Queen Bohemian Rhapsody", storefront: "us", limit: 25)
            let callsBefore = await state.calls
            await #expect(throws: CatalogServiceError.quotaSpent(.youtube, retryAfterSeconds: 12 * 3_600)) {
                try await client.search(term: "Taylor Swift Anti-Hero", storefront: "us", limit: 25)
            }
            // Held: no call reaches YouTube until the reset, however many lookups ask.
            for _ in 0..<20 {
                await #expect(throws: CatalogServiceError.self) { try await client.search(term: "Taylor Swift Anti-Hero", storefront: "us", limit: 25) }
            }
            #expect(await state.calls == callsBefore + 1, "one refused call, never a retry storm")
            let status = "\(CatalogServiceError.quotaSpent(.youtube, retryAfterSeconds: 12 * 3_600))"
            #expect(status.contains("resume in 12 h 0 min"), "\(status)")
            clock.advance(byMs: 12 * 3_600_000 - 1_000)
            await #expect(throws: CatalogServiceError.self) { try await client.search(term: "Taylor Swift Anti-Hero", storefront: "us", limit: 25) }
            await state.resetQuotaDay()
            clock.advance(byMs: 1_000)
            let found = try await client.search(term: "Taylor Swift Anti-Hero", storefront: "us", limit: 25)
            #expect(found.map(\.id).contains("gFZfwWZV074"), "lookups resume after midnight Pacific")
        }
    }

    @Test(
        arguments: [
            ("PT3M33S", 213_000), ("PT1H2M3S", 3_723_000), ("PT4M", 240_000), ("PT59S", 59_000), ("P1DT2H", 93_600_000), ("PT2.5S", 2_500),
            ("P0D", nil), ("", nil), ("3M33S", nil), ("PT", nil), ("PTxS", nil), ("PT3H2", nil),
        ] as [(String, Int?)])
    func durationsAreReadAsISO8601(_ text: String, _ ms: Int?) {
        #expect(YouTubeDuration.milliseconds(text) == ms)
    }

    @Test(arguments: [
        // 2026-07-01 06:59:59 UTC is 23:59:59 in Los Angeles (PDT, UTC-7): one second to go.
        (1_782_889_199, 1_782_889_200),
        // 2026-12-07 08:00:00 UTC is midnight PST exactly: the next is a day on.
        (1_796_630_400, 1_796_716_800),
    ])
    func theQuotaDayEndsAtMidnightPacific(_ now: Int64, _ reset: Int64) {
        #expect(YouTubeQuota.nextReset(after: LocalTime(micros: now * 1_000_000)) == LocalTime(micros: reset * 1_000_000))
    }
}
