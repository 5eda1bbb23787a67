import CatalogCore
import Catalogs
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Testing
import TrackMatching

/// What `simulcast match spotify:track:ID --to apple-music` does, with every base URL
/// pointed at the fakes: read the Spotify track with app credentials, search iTunes.
@Suite(.serialized) struct CatalogSetupTests {
    @Test func matchesASpotifyTrackOnAppleMusicThroughTheLiveClients() async throws {
        let spotifyState = FakeServiceState(tracks: SpotifyClientTests.tracks)
        let accounts = FakeSpotifyAccounts(clientId: "client-id-123", clientSecret: "client-secret-456")
        let itunesState = FakeServiceState(tracks: ITunesSearchClientTests.tracks)
        let deezerState = FakeServiceState(tracks: DeezerClientTests.tracks)
        try await FakeServiceServer.run(FakeSpotify.router(state: spotifyState, accounts: accounts)) { spotify in
            try await FakeServiceServer.run(FakeITunes.router(state: itunesState)) { itunes in
                try await FakeServiceServer.run(FakeDeezer.router(state: deezerState)) { deezer in
                    var setup = CatalogSetup()
                    setup.applyEnvironment([
                        "SIMULCAST_ITUNES_URL": itunes, "SIMULCAST_DEEZER_URL": deezer, "SIMULCAST_SPOTIFY_API_URL": spotify,
                        "SIMULCAST_SPOTIFY_ACCOUNTS_URL": spotify, "SPOTIFY_CLIENT_ID": "client-id-123", "SPOTIFY_CLIENT_SECRET": "client-secret-456",
                    ])
                    let catalogs = try setup.makeCatalogs(
                        cache: InMemoryResponseCache(), transport: NIOHTTPTransport.live, clock: SystemClock(), logger: .init(label: "test"))
                    #expect(catalogs[.appleMusic] is ITunesSearchClient)
                    #expect(catalogs[.deezer] is DeezerClient)
                    let spotifyClient = try #require(catalogs[.spotify] as? SpotifyClient)
                    let source = try #require(try await spotifyClient.trackWithAlbum(id: "1gugDOSMREb34Xo0c1PlxM", storefront: "us"))
                    let matchmaker = TrackMatchmaker(catalogs: catalogs, matcher: SeedMatcher())
                    let apple = await matchmaker.match(source, on: .appleMusic, storefront: "us")
                    #expect(apple.track?.id == "1440890947")
                    #expect(apple.method == MatchMethod(.seed, .titleAndAlbum))
                    let deezerMatch = await matchmaker.match(source, on: .deezer, storefront: "fr")
                    #expect(deezerMatch.track?.id == "76150640")
                    #expect(!setup.describe().joined().contains("client-secret-456"))
                }
            }
        }
    }

    @Test func offlineFilesReplaceLiveServices() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-\(UUID().uuidString).jsonl")
        try Data(#"{"id":"1","title":"Solayoh","artists":["Alena Lanskaya"]}"#.utf8).write(to: file)
        var setup = CatalogSetup()
        setup.offlineFiles[.appleMusic] = file.path
        setup.live = false
        let catalogs = try setup.makeCatalogs(cache: nil, transport: NIOHTTPTransport.live, clock: SystemClock(), logger: .init(label: "test"))
        #expect(catalogs.count == 1)
        #expect(catalogs[.appleMusic] is OfflineCatalog)
    }
}
