import AsyncHTTPClient
import Catalogs
import Foundation
import NIOCore
import NIOHTTP1
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import SpotifyAuth
import Testing

@Suite(.serialized) struct SpotifyClientTests {
    static let tracks: [TrackMetadata] =
        [
            TrackMetadata(
                service: .spotify, id: "4dE2vWsTtOBBWmuJY4vkVf", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_133,
                isrc: "GBARL9800010", albumUPC: "5099749162225", explicit: false),
            TrackMetadata(
                service: .spotify, id: "1gugDOSMREb34Xo0c1PlxM", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer",
                durationMs: 202_496, isrc: "GBUM71400131", albumUPC: "00602537810444"),
        ] + (0..<15).map { TrackMetadata(service: .spotify, id: "many\($0)", title: "Many \($0)", artists: ["Crowd"], album: "Lots") }

    struct Fake: Sendable {
        var base: String
        var state: FakeServiceState
        var accounts: FakeSpotifyAccounts
        var player: FakeSpotify.Player
    }

    func withFake<T: Sendable>(clock: any LocalClock = ImmediateClock(), _ body: @Sendable (Fake) async throws -> T) async throws -> T {
        let state = FakeServiceState(tracks: Self.tracks)
        let accounts = FakeSpotifyAccounts(clientId: "client-id-123", clientSecret: "client-secret-456")
        let player = FakeSpotify.Player()
        return try await FakeServiceServer.run(FakeSpotify.router(state: state, accounts: accounts, player: player)) { base in
            try await body(Fake(base: base, state: state, accounts: accounts, player: player))
        }
    }

    func catalog(_ fake: Fake, clock: any LocalClock = ImmediateClock()) -> SpotifyClient {
        let tokens = SpotifyAppTokenProvider(
            clientId: "client-id-123", clientSecret: "client-secret-456", accountsURL: fake.base, transport: NIOHTTPTransport.live, clock: clock)
        return SpotifyClient(appTokens: tokens, apiURL: fake.base, transport: NIOHTTPTransport.live, clock: clock)
    }

    @Test func catalogCallsWithAnAppToken() async throws {
        try await withFake { fake in
            let client = catalog(fake)
            let track = try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "gb")
            #expect(track?.isrc == "GBARL9800010")
            #expect(track?.durationMs == 178_133)
            let withAlbum = try await client.trackWithAlbum(id: "1gugDOSMREb34Xo0c1PlxM", storefront: "us")
            #expect(withAlbum?.albumUPC == "00602537810444")
            let byISRC = try await client.tracks(isrc: "GBUM71400131", storefront: "us")
            #expect(byISRC.map(\.id) == ["1gugDOSMREb34Xo0c1PlxM"])
            #expect(await fake.state.seen.last?.query["q"] == "isrc:GBUM71400131")
            let missing = try await client.track(id: "nope", storefront: "us")
            #expect(missing == nil)
            // Only one token was fetched for all of these.
            #expect(await fake.accounts.issuedAccessTokens.count == 1)
        }
    }

    @Test func searchNeverAsksForMoreThanTen() async throws {
        try await withFake { fake in
            let results = try await catalog(fake).search(term: "many", storefront: "us", limit: 50)
            #expect(results.count == 10)
            #expect(await fake.state.seen.last?.query["limit"] == "10")
        }
    }

    @Test func honoursRetryAfterAndRetries5xx() async throws {
        let clock = ImmediateClock()
        try await withFake(clock: clock) { fake in
            let client = catalog(fake, clock: clock)
            await fake.state.failNext(.status(429, retryAfter: 3))
            await fake.state.failNext(.status(502))
            let track = try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "us")
            #expect(track != nil)
            #expect(clock.sleeps.first == 3_000_000)
            #expect(clock.sleeps.count == 2)
            await fake.state.failNext(.status(429, retryAfter: 1), times: 4)
            await #expect(throws: CatalogServiceError.rateLimited(.spotify, retryAfterSeconds: 1)) {
                try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "us")
            }
            await fake.state.failNext(.malformedBody)
            await #expect(throws: CatalogServiceError.malformedResponse(.spotify, detail: "wrong type at name")) {
                try await client.track(id: "4dE2vWsTtOBBWmuJY4vkVf", storefront: "us")
            }
        }
    }

    @Test func wrongClientCredentialsAreUnauthorized() async throws {
        try await withFake { fake in
            let tokens = SpotifyAppTokenProvider(
                clientId: "client-id-123", clientSecret: "wrong", accountsURL: fake.base, transport: NIOHTTPTransport.live, clock: ImmediateClock())
            await #expect(throws: CatalogServiceError.unauthorized(.spotify)) {
                try await SpotifyClient(appTokens: tokens, apiURL: fake.base, transport: NIOHTTPTransport.live, clock: SystemClock()).track(
                    id: "x", storefront: "us")
            }
        }
    }

    /// Login with PKCE through the loopback redirect, then the player endpoints with the user's token.
    @Test func pkceLoginEndToEndThenThePlayer() async throws {
        try await withFake { fake in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-\(UUID().uuidString)")
            let store = SpotifyRefreshTokenStore(path: directory.appendingPathComponent("spotify.json").path)
            let port = try await Self.freePort()
            let login = SpotifyLogin(
                clientId: "client-id-123", store: store, accountsURL: fake.base, port: port, transport: NIOHTTPTransport.live, clock: SystemClock())
            try await login.run(timeoutSeconds: 10) { url in
                // The "browser": follow the authorize URL; the fake approves and redirects to 127.0.0.1.
                let items = URLComponents(string: url)?.queryItems ?? []
                #expect(items.first { $0.name == "code_challenge_method" }?.value == "S256")
                #expect(items.first { $0.name == "redirect_uri" }?.value == "http://127.0.0.1:\(port)/callback")
                #expect(items.first { $0.name == "code_challenge" }?.value?.count == 43)
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url), timeout: .seconds(5))
                #expect(response.status == .ok)
            }
            let saved = try #require(try store.load())
            #expect(saved.clientId == "client-id-123")
            let permissions = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
            #expect(permissions == 0o600)

            let user = try SpotifyUserTokenProvider.fromStore(store, accountsURL: fake.base, transport: NIOHTTPTransport.live, clock: SystemClock())
            let player = SpotifyClient(
                token: { try await user.token() }, invalidate: { await user.invalidate() }, apiURL: fake.base, transport: NIOHTTPTransport.live,
                clock: SystemClock())
            #expect(try await player.currentlyPlaying() == nil)  // 204: idle

            await fake.player.set(track: Self.tracks[0], progressMs: 42_000, isPlaying: true)
            await fake.player.setQueue([Self.tracks[1]])
            let playing = try #require(try await player.currentlyPlaying())
            #expect(playing.isPlaying)
            // The fake's position moves on in real time, as a real player's does.
            #expect((42_000..<43_000).contains(playing.progressMs ?? 0))
            #expect(playing.item?.track?.id == "4dE2vWsTtOBBWmuJY4vkVf")
            #expect(try await player.queue().queue.compactMap(\.track).map(\.id) == ["1gugDOSMREb34Xo0c1PlxM"])

            await fake.player.set(track: nil, progressMs: 5_000, isPlaying: true, type: "ad")
            #expect(try await player.currentlyPlaying()?.isAdvert == true)

            // The access token expires: refreshed with the refresh token, which rotates and is saved.
            await fake.accounts.expireAccessTokens()
            await fake.player.set(track: Self.tracks[1], progressMs: 1_000, isPlaying: false)
            #expect(try await player.currentlyPlaying()?.isPlaying == false)
            #expect(try store.load()?.refreshToken != saved.refreshToken)
            try? FileManager.default.removeItem(at: directory)
        }
    }

    @Test func aForgedRedirectIsRefused() async throws {
        let port = try await Self.freePort()
        let store = SpotifyRefreshTokenStore(path: FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-\(UUID().uuidString).json").path)
        let login = SpotifyLogin(
            clientId: "client-id-123", store: store, accountsURL: "http://127.0.0.1:9", port: port, transport: NIOHTTPTransport.live,
            clock: SystemClock())
        await #expect(throws: CatalogServiceError.notConfigured(.spotify, detail: "the redirect did not come from this login (state mismatch)")) {
            try await login.run(timeoutSeconds: 10) { _ in
                _ = try await HTTPClient.shared.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/callback?code=stolen&state=guess"), timeout: .seconds(5))
            }
        }
        #expect(try store.load() == nil)
    }

    static func freePort() async throws -> Int {
        let receiver = try await LoopbackRedirectReceiver.start(port: 0, path: "/")
        let port = receiver.port ?? 0
        await receiver.stop()
        return port
    }
}
