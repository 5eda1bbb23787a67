import CatalogCore
import SimulcastCore
import Testing
import TrackMatching

/// A host's player that names a Spotify track by id and words only (the Mac app over
/// AppleScript, Spotify's Linux client over MPRIS): the server reads the track's ISRC from its
/// own Spotify catalog before matching, so a listener gets the same recording, not the twin
/// with the closest duration.
@Suite struct SourceCompletionTests {
    static let fromThePlayer = TrackMetadata(service: .spotify, id: "sp-bohemian", title: "Bohemian Rhapsody", artists: ["Queen"], durationMs: 354_000)
    static let spotify = OfflineCatalog(
        service: .spotify,
        tracks: [
            TrackMetadata(
                service: .spotify, id: "sp-bohemian", title: "Bohemian Rhapsody - Remastered 2011", artists: ["Queen"],
                album: "A Night At The Opera (2011 Remaster)", durationMs: 354_320, isrc: "GBUM71029604")
        ])
    static let apple = OfflineCatalog(
        service: .appleMusic,
        tracks: [
            TrackMetadata(
                service: .appleMusic, id: "am-live", title: "Bohemian Rhapsody", artists: ["Queen"], album: "Greatest Hits", durationMs: 354_100,
                isrc: "GBAYE7500101"),
            TrackMetadata(
                service: .appleMusic, id: "am-remaster", title: "Bohemian Rhapsody", artists: ["Queen"], album: "A Night At the Opera (2011 Remaster)",
                durationMs: 354_947, isrc: "GBUM71029604"),
        ])

    @Test func theISRCComesFromTheHostsOwnCatalog() async {
        let matchmaker = TrackMatchmaker(catalogs: [.spotify: Self.spotify, .appleMusic: Self.apple], matcher: SimulcastMatcher())
        let result = await matchmaker.match(Self.fromThePlayer, on: .appleMusic, storefront: "us")
        #expect(result.track?.id == "am-remaster", "\(result)")
    }

    @Test func withoutTheHostsCatalogTheSourceIsMatchedAsGiven() async {
        let matchmaker = TrackMatchmaker(catalogs: [.appleMusic: Self.apple], matcher: SimulcastMatcher())
        let result = await matchmaker.match(Self.fromThePlayer, on: .appleMusic, storefront: "us")
        #expect(result.track?.id != "am-remaster" || result.status != .matched, "\(result)")
    }
}
