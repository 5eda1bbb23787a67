import ArgumentParser
import Catalogs
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore
import TrackMatching

/// Catalog and matcher flags shared by `serve`, `match` and `demo`. Options with a default
/// are optional here, so `serve` can tell a flag given from one left to its config file.
struct CatalogOptions: ParsableArguments {
    @Option(
        name: .customLong("catalog"),
        help: ArgumentHelp("An offline catalog for a service, as SERVICE=FILE.jsonl (repeatable); replaces the live service.", valueName: "service=file"))
    var catalogs: [String] = []

    @Flag(help: "Use only offline catalogs: never call a music service.")
    var offline = false

    @Option(
        help:
            "Matching strategy: simulcast (identifiers, parsed titles, gates and a margin; the default) or seed (the original blog post's method).")
    var matcher: MatcherKind?

    @Option(help: "Apple Music API key id (or APPLE_MUSIC_KEY_ID). Without a key, Apple Music is searched through the iTunes Search API.")
    var appleMusicKeyId: String?

    @Option(help: "Apple Developer team id (or APPLE_MUSIC_TEAM_ID).")
    var appleMusicTeamId: String?

    @Option(help: "MusicKit private key file, .p8 (or APPLE_MUSIC_KEY_FILE, or its text in APPLE_MUSIC_PRIVATE_KEY).")
    var appleMusicKeyFile: String?

    @Option(help: "Spotify app client id for catalog reads (or SPOTIFY_CLIENT_ID; its secret in SPOTIFY_CLIENT_SECRET or --spotify-client-secret-file).")
    var spotifyClientId: String?

    @Option(help: ArgumentHelp("A file holding the Spotify app's client secret.", valueName: "file"))
    var spotifyClientSecretFile: String?

    @Option(help: ArgumentHelp("A file holding a YouTube Data API v3 key, for matching songs to YouTube (or YOUTUBE_API_KEY).", valueName: "file"))
    var youtubeAPIKeyFile: String?

    @Option(help: "iTunes Search API requests per minute for this process (default 20).")
    var itunesRequestsPerMinute: Int?

    @Option(
        help:
            "The longest one Retry-After from a music service holds every request to it back, in seconds (default \(Int(ServicePolicy().retryAfterCapSeconds)))."
    )
    var retryAfterCapSeconds: Double?

    var matcherKind: MatcherKind { matcher ?? .simulcast }

    @Option(help: "Base URL of the iTunes Search API (or SIMULCAST_ITUNES_URL).")
    var itunesURL: String?

    @Option(help: "Base URL of the Apple Music API (or SIMULCAST_APPLE_MUSIC_URL).")
    var appleMusicURL: String?

    @Option(help: "Base URL of the Deezer API (or SIMULCAST_DEEZER_URL).")
    var deezerURL: String?

    // Named by hand: the parser would spell it spotify-apiurl, as earlier versions did (still read).
    @Option(
        name: [.customLong("spotify-api-url"), .customLong("spotify-apiurl")],
        help: ArgumentHelp("Base URL of the Spotify Web API (or SIMULCAST_SPOTIFY_API_URL).", valueName: "url"))
    var spotifyAPIURL: String?

    @Option(help: "Base URL of Spotify accounts (or SIMULCAST_SPOTIFY_ACCOUNTS_URL).")
    var spotifyAccountsURL: String?

    @Option(
        name: .customLong("youtube-api-url"), help: ArgumentHelp("Base URL of the YouTube Data API (or SIMULCAST_YOUTUBE_API_URL).", valueName: "url"))
    var youtubeAPIURL: String?

    func setup() throws -> CatalogSetup {
        var setup = CatalogSetup()
        for spec in catalogs {
            guard let equals = spec.firstIndex(of: "=") else {
                throw ValidationError("--catalog takes SERVICE=FILE, e.g. apple-music=catalog.jsonl; got \"\(spec)\"")
            }
            setup.offlineFiles[MusicService(rawValue: String(spec[..<equals]))] = String(spec[spec.index(after: equals)...])
        }
        setup.live = !offline
        setup.appleMusicKeyId = appleMusicKeyId
        setup.appleMusicTeamId = appleMusicTeamId
        setup.appleMusicKeyFile = appleMusicKeyFile
        setup.spotifyClientId = spotifyClientId
        if let spotifyClientSecretFile {
            guard let secret = try? String(contentsOfFile: spotifyClientSecretFile, encoding: .utf8) else {
                throw ValidationError("--spotify-client-secret-file: cannot read \(spotifyClientSecretFile)")
            }
            setup.spotifyClientSecret = secret.trimmingCharacters(in: .newlines)
        }
        if let youtubeAPIKeyFile {
            guard let key = try? String(contentsOfFile: youtubeAPIKeyFile, encoding: .utf8) else {
                throw ValidationError("--youtube-api-key-file: cannot read \(youtubeAPIKeyFile)")
            }
            setup.youtubeAPIKey = key.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if let itunesRequestsPerMinute { setup.iTunesRequestsPerMinute = itunesRequestsPerMinute }
        if let retryAfterCapSeconds {
            guard retryAfterCapSeconds >= 0, retryAfterCapSeconds.isFinite else { throw ValidationError("--retry-after-cap-seconds takes 0 or more seconds") }
            setup.policy.retryAfterCapSeconds = retryAfterCapSeconds
        }
        setup.applyEnvironment()
        if let itunesURL { setup.iTunesURL = itunesURL }
        if let appleMusicURL { setup.appleMusicURL = appleMusicURL }
        if let deezerURL { setup.deezerURL = deezerURL }
        if let spotifyAPIURL { setup.spotifyAPIURL = spotifyAPIURL }
        if let spotifyAccountsURL { setup.spotifyAccountsURL = spotifyAccountsURL }
        if let youtubeAPIURL { setup.youtubeURL = youtubeAPIURL }
        return setup
    }

    /// `heldBack`: told each time a service's `Retry-After` holds its requests back.
    func makeMatchmaker(
        cache: (any ResponseCache)?, logger: Logger, heldBack: @escaping @Sendable (MusicService, Double) -> Void = { _, _ in }
    ) throws -> TrackMatchmaker {
        let strategy = matcherKind.make()
        do {
            var setup = try setup()
            setup.policy.heldBack = heldBack
            return TrackMatchmaker(
                catalogs: try setup.makeCatalogs(cache: cache, transport: NIOHTTPTransport.live, clock: SystemClock(), logger: logger),
                matcher: strategy)
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("\(error)")
        }
    }
}
