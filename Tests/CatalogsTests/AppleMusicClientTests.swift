import Catalogs
import Crypto
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing

@Suite(.serialized) struct AppleMusicClientTests {
    static let key = P256.Signing.PrivateKey()
    static let keyId = "ABC123DEFG"
    static let teamId = "DEF123GHIJ"
    static let isrc = "GBAYE0601498"
    static let tracks: [TrackMetadata] =
        [
            TrackMetadata(
                service: .appleMusic, id: "1440754431", title: "A Horse with No Name", artists: ["America"], album: "America", durationMs: 251_960,
                isrc: "USWB19900031", trackNumber: 1, discNumber: 1),
            TrackMetadata(
                service: .appleMusic, id: "1", title: "Bohemian Rhapsody", artists: ["Queen"], album: "A Night at the Opera", durationMs: 354_947, isrc: isrc),
            TrackMetadata(
                service: .appleMusic, id: "2", title: "Bohemian Rhapsody", artists: ["Queen"], album: "Greatest Hits", durationMs: 354_947, isrc: isrc),
            TrackMetadata(
                service: .appleMusic, id: "3", title: "Bohemian Rhapsody", artists: ["Queen"], album: "Bohemian Rhapsody (Soundtrack)", durationMs: 355_000,
                isrc: isrc, explicit: false),
        ] + (0..<30).map { TrackMetadata(service: .appleMusic, id: "p\($0)", title: "Paging Song \($0)", artists: ["Pager"], album: "Pages") }

    func withFake<T: Sendable>(
        signingKey: P256.Signing.PrivateKey = key, clock: any LocalClock = ImmediateClock(), logger: Logger? = nil,
        _ body: @Sendable (AppleMusicClient, FakeServiceState) async throws -> T
    ) async throws -> T {
        let state = FakeServiceState(tracks: Self.tracks)
        let now: @Sendable () -> Int64 = { clock.now().micros / 1_000_000 }
        let router = FakeAppleMusic.router(state: state, publicKey: Self.key.publicKey, keyId: Self.keyId, teamId: Self.teamId, now: now)
        return try await FakeServiceServer.run(router) { base in
            let signer = try AppleMusicDeveloperToken(keyId: Self.keyId, teamId: Self.teamId, pem: signingKey.pemRepresentation)
            let client = AppleMusicClient(
                tokens: AppleMusicTokenProvider(signer: signer, clock: clock), baseURL: base, transport: NIOHTTPTransport.live, clock: clock,
                logger: logger ?? Logger(label: "test"))
            return try await body(client, state)
        }
    }

    @Test func theDeveloperTokenIsWhatAppleDocuments() throws {
        let signer = try AppleMusicDeveloperToken(keyId: Self.keyId, teamId: Self.teamId, pem: Self.key.pemRepresentation)
        let token = try signer.mint(issuedAt: 1_700_000_000, lifetimeSeconds: 3_600)
        let decoded = try #require(DeveloperTokenCheck.decode(token))
        #expect(decoded.header == ["alg": "ES256", "kid": Self.keyId])
        #expect(decoded.claims["iss"] as? String == Self.teamId)
        #expect((decoded.claims["iat"] as? NSNumber)?.int64Value == 1_700_000_000)
        #expect((decoded.claims["exp"] as? NSNumber)?.int64Value == 1_700_003_600)
        #expect(DeveloperTokenCheck.isValid(token, publicKey: Self.key.publicKey, keyId: Self.keyId, teamId: Self.teamId, now: 1_700_000_100))
        // Expired, or checked against another key: refused.
        #expect(!DeveloperTokenCheck.isValid(token, publicKey: Self.key.publicKey, keyId: Self.keyId, teamId: Self.teamId, now: 1_700_003_601))
        #expect(!DeveloperTokenCheck.isValid(token, publicKey: P256.Signing.PrivateKey().publicKey, keyId: Self.keyId, teamId: Self.teamId, now: 1_700_000_100))
        // Apple's limit on the lifetime is enforced when minting.
        let long = try signer.mint(issuedAt: 0, lifetimeSeconds: 99_999_999)
        #expect((DeveloperTokenCheck.decode(long)?.claims["exp"] as? NSNumber)?.int64Value == AppleMusicDeveloperToken.maximumLifetimeSeconds)
        // Origins bind a token to web pages.
        let web = try signer.mint(issuedAt: 0, lifetimeSeconds: 600, origins: ["https://listen.example"])
        #expect(DeveloperTokenCheck.decode(web)?.claims["origin"] as? [String] == ["https://listen.example"])
    }

    @Test func tokensAreRenewedBeforeTheyExpire() async throws {
        let clock = ImmediateClock(micros: 1_700_000_000_000_000)
        let signer = try AppleMusicDeveloperToken(keyId: Self.keyId, teamId: Self.teamId, pem: Self.key.pemRepresentation)
        let provider = AppleMusicTokenProvider(signer: signer, clock: clock, lifetimeSeconds: 7_200, renewBeforeSeconds: 600)
        let first = try await provider.token()
        try await clock.sleep(until: clock.now().advanced(by: 6_000_000_000))
        #expect(try await provider.token() == first)
        try await clock.sleep(until: clock.now().advanced(by: 700_000_000))
        let renewed = try await provider.token()
        #expect(renewed != first)
        #expect(
            DeveloperTokenCheck.isValid(
                renewed, publicKey: Self.key.publicKey, keyId: Self.keyId, teamId: Self.teamId, now: clock.now().micros / 1_000_000 + 7_000))
    }

    @Test func aBadKeyIsAClearErrorThatDoesNotQuoteIt() {
        let pem = "-----BEGIN PRIVATE KEY-----\nTOTALLYSECRETBUTBROKEN\n-----END PRIVATE KEY-----"
        do {
            _ = try AppleMusicDeveloperToken(keyId: "K", teamId: "T", pem: pem)
            Issue.record("should refuse")
        } catch {
            #expect("\(error)" == "apple-music: not configured: the private key is not a valid MusicKit .p8 (PKCS#8 P-256) key")
        }
    }

    @Test func songsByISRCAreSeveral() async throws {
        try await withFake { client, state in
            let songs = try await client.songs(isrc: Self.isrc, storefront: "gb")
            #expect(songs.map(\.id) == ["1", "2", "3"])
            #expect(songs.allSatisfy { $0.isrc == Self.isrc })
            #expect(await state.seen.last?.path == "songs")
            #expect(await state.seen.last?.query["filter[isrc]"] == Self.isrc)
        }
    }

    @Test func searchFollowsNextPages() async throws {
        try await withFake { client, state in
            let results = try await client.search(term: "paging song", storefront: "us", limit: 40)
            #expect(results.count == 30)
            #expect(results.first?.id == "p0")
            #expect(results.last?.id == "p29")
            let requests = await state.seen
            #expect(requests.count == 2)
            #expect(requests[0].query["limit"] == "25")
            #expect(requests[0].query["types"] == "songs")
            #expect(requests[1].query["offset"] == "25")
        }
    }

    @Test func songByIdEquivalentsAndAbsence() async throws {
        try await withFake { client, state in
            let horse = try await client.track(id: "1440754431", storefront: "us")
            #expect(horse?.title == "A Horse with No Name")
            #expect(horse?.durationMs == 251_960)
            let absent = try await client.track(id: "999", storefront: "us")
            #expect(absent == nil)
            await state.markUnavailable("2", in: "jp")
            let equivalent = try await client.equivalent(of: "1", storefront: "jp")
            #expect(equivalent?.id == "3")
        }
    }

    @Test func aTokenFromAnotherKeyIsUnauthorized() async throws {
        _ = try await withFake(signingKey: P256.Signing.PrivateKey()) { client, _ in
            await #expect(throws: CatalogServiceError.unauthorized(.appleMusic)) {
                try await client.songs(isrc: Self.isrc, storefront: "us")
            }
        }
    }

    @Test func statusesMapToTypedErrors() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { client, state in
            await state.failNext(.status(403))
            await #expect(throws: CatalogServiceError.forbidden(.appleMusic)) { try await client.songs(isrc: Self.isrc, storefront: "us") }
            // 429 with Retry-After: waits what it says, then succeeds.
            await state.failNext(.status(429, retryAfter: 7))
            let songs = try await client.songs(isrc: Self.isrc, storefront: "us")
            #expect(songs.count == 3)
            #expect(clock.sleeps.last == 7_000_000)
            await state.failNext(.status(429, retryAfter: 2), times: 4)
            await #expect(throws: CatalogServiceError.rateLimited(.appleMusic, retryAfterSeconds: 2)) {
                try await client.songs(isrc: Self.isrc, storefront: "us")
            }
            await state.failNext(.malformedBody)
            await #expect(throws: CatalogServiceError.malformedResponse(.appleMusic, detail: "wrong type at data")) {
                try await client.songs(isrc: Self.isrc, storefront: "us")
            }
        }
    }
}
