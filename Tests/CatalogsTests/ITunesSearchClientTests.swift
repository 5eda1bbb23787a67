import Catalogs
import Foundation
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing
import TrackMatching

@Suite(.serialized) struct ITunesSearchClientTests {
    static let tracks: [TrackMetadata] = [
        TrackMetadata(
            service: .appleMusic, id: "1440891002", title: "She Looks So Perfect (Ash Demo Vocal)", artists: ["5 Seconds of Summer"],
            album: "She Looks So Perfect - EP", durationMs: 191_520, trackNumber: 4, discNumber: 1),
        TrackMetadata(
            service: .appleMusic, id: "1440890947", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer",
            durationMs: 202_320, trackNumber: 1, discNumber: 1, explicit: false, releaseDate: "2014-06-27"),
        TrackMetadata(
            service: .appleMusic, id: "298026101", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_040, trackNumber: 1,
            discNumber: 1),
    ]
    static let albums: [String: (collectionId: Int, name: String, artist: String, trackIds: [String])] = [
        "00602537810444": (1440890940, "5 Seconds of Summer", "5 Seconds of Summer", ["1440890947"])
    ]

    func withFake<T: Sendable>(clock: any LocalClock = ImmediateClock(), _ body: @Sendable (ITunesSearchClient, FakeServiceState) async throws -> T)
        async throws -> T
    {
        let state = FakeServiceState(tracks: Self.tracks, clock: clock)
        return try await FakeServiceServer.run(FakeITunes.router(state: state, albums: Self.albums)) { base in
            let client = ITunesSearchClient(
                configuration: .init(baseURL: base), transport: NIOHTTPTransport.live, cache: InMemoryResponseCache(), clock: clock)
            return try await body(client, state)
        }
    }

    /// Search misses the track (real search indexes do), the album walk finds it: artist and
    /// album find the album, its track list holds the song.
    @Test func theMatcherWalksTheAlbumWhenSearchMissesTheSong() async throws {
        try await withFake { client, state in
            await state.hideFromSearch("1440890947")
            let source = TrackMetadata(
                service: .spotify, id: "1gugDOSMREb34Xo0c1PlxM", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer",
                durationMs: 202_496)
            let result = await SimulcastMatcher().match(source, in: client, storefront: "us")
            #expect(result.status == .matched)
            #expect(result.track?.id == "1440890947")
            #expect(result.method == MatchMethod(.simulcast, .album))
            #expect(result.reasons.contains { $0.hasPrefix("album \"5 Seconds of Summer\" by 5 Seconds of Summer: 1 tracks") })
            let seen = await state.seen
            #expect(seen.contains { $0.query["entity"] == "album" })
            #expect(seen.contains { $0.path == "/lookup" && $0.query["id"] == "1440890940" && $0.query["entity"] == "song" })
            // The bare title was searched as a song title.
            #expect(seen.contains { $0.query["term"] == "She Looks So Perfect" && $0.query["attribute"] == "songTerm" })
        }
    }

    @Test func searchesInCatalogOrderAndLooksUp() async throws {
        try await withFake { client, state in
            let results = try await client.search(term: "she looks so perfect", storefront: "US", limit: 10)
            #expect(results.map(\.id) == ["1440891002", "1440890947"])
            #expect(results[1].album == "5 Seconds of Summer")
            #expect(results[1].durationMs == 202_320)
            let request = try #require(await state.seen.last)
            #expect(request.query["media"] == "music")
            #expect(request.query["entity"] == "song")
            #expect(request.query["country"] == "us")
            #expect(request.query["limit"] == "10")

            let titleOnly = try await client.search(term: "she looks so perfect", attribute: .songTerm, storefront: "us", limit: 5)
            #expect(titleOnly.count == 2)
            #expect(await state.seen.last?.query["attribute"] == "songTerm")

            let byId = try await client.track(id: "298026101", storefront: "us")
            #expect(byId?.title == "C'est La Vie")
            let missing = try await client.track(id: "1", storefront: "us")
            #expect(missing == nil)
            let album = try await client.albumTracks(upc: "00602537810444", storefront: "us")
            #expect(album.map(\.id) == ["1440890947"])
            #expect(album.first?.trackNumber == 1)
        }
    }

    @Test func cachesAnswersAndMissesForLess() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            _ = try await client.search(term: "c'est la vie", storefront: "us", limit: 5)
            _ = try await client.search(term: "c'est la vie", storefront: "us", limit: 5)
            _ = try await client.search(term: "nothing here", storefront: "us", limit: 5)
            _ = try await client.search(term: "nothing here", storefront: "us", limit: 5)
            #expect(await state.seen.count == 2)
            // Two hours on, the miss is asked again; the hit is still cached.
            try await clock.sleep(until: clock.now().advanced(by: 7_200_000_000))
            _ = try await client.search(term: "c'est la vie", storefront: "us", limit: 5)
            _ = try await client.search(term: "nothing here", storefront: "us", limit: 5)
            #expect(await state.seen.count == 3)
        }
    }

    @Test func retries403And5xxWithBackoffThenGivesATypedError() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            await state.failNext(.status(403))
            await state.failNext(.status(503))
            let found = try await client.search(term: "b witched", storefront: "us", limit: 5)
            #expect(found.count == 1)
            #expect(clock.sleeps.count == 2)
            #expect(clock.sleeps[1] > clock.sleeps[0] / 2)  // exponential, with jitter
            await state.failNext(.status(403), times: 4)
            await #expect(throws: CatalogServiceError.rateLimited(.appleMusic, retryAfterSeconds: nil)) {
                try await client.search(term: "perfect", storefront: "us", limit: 5)
            }
        }
    }

    /// Issue 22: one 429 with `Retry-After: 86400` stopped every lookup to the service for a
    /// day. It is honoured up to the cap (60 s by default), for the waiting request and for
    /// the pacer that holds every other request back.
    @Test func aRetryAfterOfADayHoldsLookupsAMinuteAtMost() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            await state.failNext(.status(429, retryAfter: 86_400))
            let found = try await client.search(term: "b witched", storefront: "us", limit: 5)
            #expect(found.count == 1)
            // A fresh lookup is not held back a day either.
            _ = try await client.search(term: "perfect", storefront: "us", limit: 5)
            #expect(clock.sleeps.max() ?? 0 <= 60_000_000, "slept \(clock.sleeps) µs")
            #expect(clock.sleeps.contains { $0 > 1_000_000 }, "the service's wish is still honoured, up to the cap")
        }
    }

    @Test func aMalformedBodyIsATypedError() async throws {
        try await withFake { client, state in
            await state.failNext(.malformedBody)
            await #expect(throws: CatalogServiceError.malformedResponse(.appleMusic, detail: "not JSON")) {
                try await client.search(term: "perfect", storefront: "us", limit: 5)
            }
        }
    }

    /// 100 matches for different tracks at once: never more than 20 requests in any minute.
    @Test func concurrentMatchesStayWithinThePacingBudget() async throws {
        let clock = ManualClock()
        try await withFake(clock: clock) { client, state in
            let sources = (0..<100).map {
                TrackMetadata(service: .spotify, id: "sp\($0)", title: "Song \($0)", artists: ["Artist \($0)"], album: "Album \($0)")
            }
            let remaining = Counter(sources.count)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for source in sources {
                    group.addTask {
                        _ = await SeedMatcher().match(source, in: client, storefront: "us")
                        await remaining.decrement()
                    }
                }
                // Virtual time: once every unfinished match is asleep in the pacer, jump to the next slot.
                group.addTask {
                    _ = await Poll.until(timeout: .seconds(120), interval: .milliseconds(5)) {
                        let left = await remaining.value
                        if clock.sleeperCount > 0, clock.sleeperCount == left, let next = clock.nextDeadline { clock.set(micros: next) }
                        return left == 0
                    }
                }
                try await group.waitForAll()
            }
            let times = await state.seen.map(\.atMicros).sorted()
            #expect(times.count >= 100)
            for index in times.indices.dropFirst(20) {
                #expect(
                    times[index] - times[index - 20] >= 60_000_000, "request \(index) came \(times[index] - times[index - 20]) µs after request \(index - 20)")
            }
        }
    }

    actor Counter {
        var value: Int
        init(_ value: Int) { self.value = value }
        func decrement() { value -= 1 }
    }
}
