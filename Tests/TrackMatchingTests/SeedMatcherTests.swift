import CatalogCore
import Foundation
import SimulcastCore
import Testing
import TrackMatching

/// The seed's method, case by case, including the failures it is kept to demonstrate.
@Suite struct SeedMatcherTests {
    static func apple(_ id: String, _ title: String, _ artist: String, _ album: String) -> TrackMetadata {
        TrackMetadata(service: .appleMusic, id: id, title: title, artists: [artist], album: album)
    }

    static func spotify(_ title: String, _ artist: String, _ album: String) -> TrackMetadata {
        TrackMetadata(service: .spotify, id: "sp", title: title, artists: [artist], album: album)
    }

    let catalog = OfflineCatalog(
        service: .appleMusic,
        tracks: [
            apple("demo", "She Looks So Perfect (Ash Demo Vocal)", "5 Seconds of Summer", "She Looks So Perfect - EP"),
            apple("slsp", "She Looks So Perfect", "5 Seconds of Summer", "5 Seconds of Summer"),
            apple("sol", "Solayoh", "Alena Lanskaya", "Solayoh - Single"),
            apple("horse", "A Horse with No Name", "America", "America"),
            apple("don", "Don", "Don Diablo", "Don - Single"),
            apple("cry", "Don't Cry (Original)", "Guns N' Roses", "Use Your Illusion I"),
        ])

    @Test(arguments: [
        // Full term finds the demo first, but the title+album rule picks the album version.
        (spotify("She Looks So Perfect", "5 Seconds of Summer", "5 Seconds of Summer"), "slsp", MatchMethod.Route.titleAndAlbum),
        // Romanisation differs, so the full term finds nothing; the title alone does.
        (spotify("Solayoh", "Alyona Lanskaya", "Solayoh"), "sol", MatchMethod.Route.titleOnly),
        // The remaster suffix defeats both searches; the cut title finds it.
        (spotify("A Horse with No Name - 2006 Remastered Version", "America", "America"), "horse", MatchMethod.Route.cutTitle),
        // The seed's known failure: "Don't Cry" live version absent, cut at the apostrophe -> an unrelated "Don".
        (spotify("Don't Cry (Live)", "Guns N' Roses", "Live Era"), "don", MatchMethod.Route.cutTitle),
        // The album names a compilation the catalog lacks: the full term fails, the title alone works.
        (spotify("Don't Cry (Original)", "Guns N' Roses", "Greatest Hits"), "cry", MatchMethod.Route.titleOnly),
        // The single's album name matches neither entry exactly, so the first result wins: the demo version.
        (spotify("She Looks So Perfect", "5 Seconds of Summer", "She Looks So Perfect"), "demo", MatchMethod.Route.firstResult),
    ])
    func matches(source: TrackMetadata, expectedId: String, route: MatchMethod.Route) async {
        let result = await SeedMatcher().match(source, in: catalog, storefront: "us")
        #expect(result.track?.id == expectedId)
        #expect(result.method == MatchMethod(.seed, route))
        #expect(!result.reasons.isEmpty)
    }

    @Test func saysWhenNothingIsFound() async {
        let result = await SeedMatcher().match(Self.spotify("Zzyzx Road", "Nobody", "Nothing"), in: catalog, storefront: "us")
        #expect(result.status == .notFound)
        #expect(result.reasons.last == "not in the apple-music catalog for storefront us")
    }

    @Test func theMatchmakerRoutesByService() async {
        let matchmaker = TrackMatchmaker(catalogs: [.appleMusic: catalog], matcher: SeedMatcher())
        let source = Self.spotify("Solayoh", "Alyona Lanskaya", "Solayoh")
        #expect(await matchmaker.match(source, on: .spotify, storefront: "us").method == .identity)
        #expect(await matchmaker.match(source, on: .appleMusic, storefront: "us").track?.id == "sol")
        let deezer = await matchmaker.match(source, on: .deezer, storefront: "us")
        #expect(deezer.status == .unavailable)
        #expect(deezer.reasons == ["no deezer catalog is configured on this server"])
    }

    /// What a live client throws when its service refuses (a quota, here).
    struct QuotaExceeded: Error, CustomStringConvertible {
        var description: String { "deezer: quota exceeded" }
    }

    struct FailingCatalog: Catalog {
        let service = MusicService.deezer
        func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] { throw QuotaExceeded() }
        func track(id: String, storefront: String) async throws -> TrackMetadata? { nil }
    }

    @Test func aFailingCatalogIsUnavailableNotNotFound() async {
        let result = await SeedMatcher().match(Self.spotify("Solayoh", "Alyona Lanskaya", "Solayoh"), in: FailingCatalog(), storefront: "fr")
        #expect(result.status == .unavailable)
        #expect(result.reasons.last == "deezer search failed: deezer: quota exceeded")
    }
}
