import CatalogCore
import Foundation
import Logging
import SimulcastCore
import TrackMatching

/// What a test room matches against: small offline Apple Music and Deezer catalogs, and a
/// matchmaker over them, shared by the room, storage and server tests.
public enum TestRooms {
    public static let appleCatalog = OfflineCatalog(
        service: .appleMusic,
        tracks: [
            Fixtures.appleCestLaVie,
            TrackMetadata(
                service: .appleMusic, id: "am-slsp-demo", title: "She Looks So Perfect (Ash Demo Vocal)", artists: ["5 Seconds of Summer"],
                album: "She Looks So Perfect - EP", durationMs: 191_520),
            Fixtures.appleSheLooksSoPerfect,
            Fixtures.appleLoudWords,
            Fixtures.appleLoudWordsClean,
            Fixtures.appleOnly,
        ] + Fixtures.setlist.map(\.apple))
    public static let deezerCatalog = OfflineCatalog(
        service: .deezer,
        tracks: [
            TrackMetadata(service: .deezer, id: "dz-cest", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_000)
        ])
    public static let matchmaker = TrackMatchmaker(catalogs: [.appleMusic: appleCatalog, .deezer: deezerCatalog], matcher: SeedMatcher())
    /// The Spotify catalog a server with Spotify credentials searches (song requests to a
    /// Spotify host, Spotify listeners' searches).
    public static let spotifyCatalog = OfflineCatalog(
        service: .spotify, tracks: [Fixtures.cestLaVie, Fixtures.sheLooksSoPerfect, Fixtures.solayoh, Fixtures.loudWords] + Fixtures.setlist.map(\.spotify))
    /// YouTube videos of the fixtures' songs, as the Data API names them (title, channel).
    public static let youtubeCatalog = OfflineCatalog(service: .youtube, tracks: youtubeVideos)
    /// The videos of `youtubeCatalog`, for a stand-in Data API that serves the same ones.
    public static let youtubeVideos = [
        TrackMetadata(
            service: .youtube, id: "yt-cest-mv1", title: "B*Witched - C'est La Vie (Official Video)", artists: ["BWitchedVEVO"], durationMs: 179_000),
        TrackMetadata(service: .youtube, id: "yt-cest-aud", title: "C'est La Vie", artists: ["B*Witched - Topic"], durationMs: 178_000),
        TrackMetadata(
            service: .youtube, id: "yt-slsp-mv1", title: "5 Seconds of Summer - She Looks So Perfect (Official Video)", artists: ["5 Seconds of Summer"],
            durationMs: 203_000),
        TrackMetadata(service: .youtube, id: "yt-slsp-cov", title: "She Looks So Perfect (Cover)", artists: ["Jane Doe"], durationMs: 202_000),
        // Solayoh is on Spotify and YouTube, not on Apple Music: a song a listener's service lacks.
        TrackMetadata(
            service: .youtube, id: "yt-sol-mv", title: "Alyona Lanskaya - Solayoh (Official Video)", artists: ["Alyona Lanskaya"], durationMs: 181_000),
        // Not a song: no service has it.
        TrackMetadata(
            service: .youtube, id: "yt-vlog-day", title: "My Morning Routine | A Day in the Life Vlog", artists: ["Jane Doe"], durationMs: 612_000),
    ]
    /// Apple Music, Deezer and YouTube with the matcher that reads YouTube's video titles.
    public static let youtubeMatchmaker = TrackMatchmaker(
        catalogs: [.appleMusic: appleCatalog, .deezer: deezerCatalog, .youtube: youtubeCatalog], matcher: SimulcastMatcher())
    /// `matchmaker` with Spotify too.
    public static let everyServiceMatchmaker = TrackMatchmaker(
        catalogs: [.appleMusic: appleCatalog, .deezer: deezerCatalog, .spotify: spotifyCatalog], matcher: SeedMatcher())

    /// A logger that says only what is critical: tests that provoke errors stay readable.
    public static var quietLogger: Logger {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }

    /// A path for a SQLite file of the test's own, in the temporary directory.
    public static func temporaryDatabase() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-test-\(UUID().uuidString).sqlite").path
    }
}
