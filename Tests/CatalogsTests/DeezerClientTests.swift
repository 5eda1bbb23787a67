import Catalogs
import Foundation
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing

@Suite(.serialized) struct DeezerClientTests {
    static let tracks: [TrackMetadata] = [
        TrackMetadata(
            service: .deezer, id: "3129775", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_000, isrc: "GBARL9800010",
            trackNumber: 1, discNumber: 1),
        TrackMetadata(
            service: .deezer, id: "76150640", title: "She Looks So Perfect", artists: ["5 Seconds Of Summer"], album: "5 Seconds Of Summer",
            durationMs: 202_000, isrc: "GBUM71400131"),
    ]

    func withFake<T: Sendable>(clock: any LocalClock = ImmediateClock(), _ body: @Sendable (DeezerClient, FakeServiceState) async throws -> T) async throws -> T
    {
        let state = FakeServiceState(tracks: Self.tracks, clock: clock)
        return try await FakeServiceServer.run(FakeDeezer.router(state: state)) { base in
            try await body(DeezerClient(baseURL: base, transport: NIOHTTPTransport.live, clock: clock), state)
        }
    }

    @Test func byISRCByIdAndSearch() async throws {
        try await withFake { client, state in
            let byISRC = try await client.track(isrc: "GBUM71400131", storefront: "fr")
            #expect(byISRC?.id == "76150640")
            #expect(byISRC?.durationMs == 202_000)
            #expect(await state.seen.last?.query["id"] == "isrc:GBUM71400131")
            let byId = try await client.track(id: "3129775", storefront: "fr")
            #expect(byId?.title == "C'est La Vie")
            let found = try await client.search(artist: "5 Seconds of Summer", title: "She Looks So Perfect", storefront: "fr")
            #expect(found.map(\.id) == ["76150640"])
            #expect(await state.seen.last?.query["q"] == #"artist:"5 Seconds of Summer" track:"She Looks So Perfect""#)
        }
    }

    @Test func dataNotFoundIsNil() async throws {
        try await withFake { client, _ in
            let missing = try await client.track(isrc: "XX0000000000", storefront: "fr")
            #expect(missing == nil)
        }
    }

    @Test func aTrackUnavailableInTheStorefrontIsNotOffered() async throws {
        try await withFake { client, state in
            await state.markUnavailable("3129775", in: "us")
            let inUS = try await client.track(id: "3129775", storefront: "us")
            #expect(inUS == nil)
            let inFR = try await client.track(id: "3129775", storefront: "fr")
            #expect(inFR != nil)
        }
    }

    @Test func quotaErrorsWaitThenRetry() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            await state.failNext(.deezerError(code: 4, type: "Exception", message: "Quota limit exceeded"))
            let found = try await client.track(id: "3129775", storefront: "fr")
            #expect(found != nil)
            #expect(clock.sleeps.contains(5_000_000))
            await state.failNext(.deezerError(code: 4, type: "Exception", message: "Quota limit exceeded"), times: 3)
            await #expect(throws: CatalogServiceError.rateLimited(.deezer, retryAfterSeconds: 5)) { try await client.track(id: "3129775", storefront: "fr") }
        }
    }

    @Test func otherErrorsAreTyped() async throws {
        try await withFake { client, state in
            await state.failNext(.deezerError(code: 300, type: "InvalidQueryException", message: "Invalid query"))
            await #expect(throws: CatalogServiceError.serviceError(.deezer, code: 300, type: "InvalidQueryException")) {
                try await client.search(term: "x", storefront: "fr", limit: 5)
            }
            await state.failNext(.malformedBody)
            await #expect(throws: CatalogServiceError.malformedResponse(.deezer, detail: "wrong type at data.[0].id")) {
                try await client.search(term: "perfect", storefront: "fr", limit: 5)
            }
        }
    }

    @Test func pacedToFiftyPerFiveSeconds() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            for _ in 0..<120 { _ = try await client.track(id: "3129775", storefront: "fr") }
            let times = await state.seen.map(\.atMicros)
            for index in times.indices.dropFirst(50) {
                #expect(times[index] - times[index - 50] >= 5_000_000)
            }
        }
    }
}
