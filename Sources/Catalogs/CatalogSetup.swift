import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// Which catalog answers for each service, from flags and environment: an offline file
/// where given; otherwise the live service (Apple Music API with a developer key, else the
/// iTunes Search API; Deezer; Spotify with client credentials). Every base URL can be
/// changed, so a server or the demo can be pointed at fakes.
public struct CatalogSetup: Sendable {
    public var offlineFiles: [MusicService: String] = [:]
    public var live = true
    public var iTunesURL = "https://itunes.apple.com"
    public var iTunesRequestsPerMinute = 20
    public var appleMusicURL = "https://api.music.apple.com"
    public var appleMusicKeyId: String?
    public var appleMusicTeamId: String?
    public var appleMusicKeyFile: String?
    /// The key's PEM text, when it is not in a file.
    public var appleMusicPrivateKey: String?
    public var deezerURL = "https://api.deezer.com"
    public var spotifyAPIURL = "https://api.spotify.com"
    public var spotifyAccountsURL = "https://accounts.spotify.com"
    public var spotifyClientId: String?
    public var spotifyClientSecret: String?
    public var youtubeURL = "https://www.googleapis.com"
    /// A YouTube Data API v3 key: without one, YouTube is matched only from an offline file.
    public var youtubeAPIKey: String?
    /// The `Retry-After` cap and the hold-off reports every live client shares.
    public var policy = ServicePolicy()

    public init() {}

    /// Fills what flags left open from `SIMULCAST_*`, `APPLE_MUSIC_*` and `SPOTIFY_*` variables.
    public mutating func applyEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        if let value = environment["SIMULCAST_ITUNES_URL"] { iTunesURL = value }
        if let value = environment["SIMULCAST_APPLE_MUSIC_URL"] { appleMusicURL = value }
        if let value = environment["SIMULCAST_DEEZER_URL"] { deezerURL = value }
        if let value = environment["SIMULCAST_SPOTIFY_API_URL"] { spotifyAPIURL = value }
        if let value = environment["SIMULCAST_SPOTIFY_ACCOUNTS_URL"] { spotifyAccountsURL = value }
        if let value = environment["SIMULCAST_YOUTUBE_API_URL"] { youtubeURL = value }
        appleMusicKeyId = appleMusicKeyId ?? environment["APPLE_MUSIC_KEY_ID"]
        appleMusicTeamId = appleMusicTeamId ?? environment["APPLE_MUSIC_TEAM_ID"]
        appleMusicKeyFile = appleMusicKeyFile ?? environment["APPLE_MUSIC_KEY_FILE"]
        appleMusicPrivateKey = appleMusicPrivateKey ?? environment["APPLE_MUSIC_PRIVATE_KEY"]
        spotifyClientId = spotifyClientId ?? environment["SPOTIFY_CLIENT_ID"]
        spotifyClientSecret = spotifyClientSecret ?? environment["SPOTIFY_CLIENT_SECRET"]
        youtubeAPIKey = youtubeAPIKey ?? environment["YOUTUBE_API_KEY"]
    }

    /// One line per service, for the server's start-up log (no secrets).
    public func describe() -> [String] {
        var lines: [String] = []
        for (service, file) in offlineFiles.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { lines.append("\(service): offline file \(file)") }
        guard live else { return lines + ["live catalogs: off"] }
        if offlineFiles[.appleMusic] == nil {
            lines.append(
                appleMusicKeyId != nil
                    ? "apple-music: Apple Music API at \(appleMusicURL)" : "apple-music: iTunes Search API at \(iTunesURL)")
        }
        if offlineFiles[.deezer] == nil { lines.append("deezer: Deezer API at \(deezerURL)") }
        if offlineFiles[.spotify] == nil {
            lines.append(
                spotifyClientId != nil ? "spotify: Web API at \(spotifyAPIURL)" : "spotify: not configured (set SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET)")
        }
        if offlineFiles[.youtube] == nil {
            lines.append(youtubeAPIKey != nil ? "youtube: Data API v3 at \(youtubeURL)" : "youtube: not configured (set YOUTUBE_API_KEY)")
        }
        return lines
    }

    /// The MusicKit key's signer, from these settings only.
    public func appleMusicSigner() throws -> AppleMusicDeveloperToken? {
        try AppleMusicDeveloperToken.make(keyId: appleMusicKeyId, teamId: appleMusicTeamId, keyFile: appleMusicKeyFile, pem: appleMusicPrivateKey)
    }

    public func makeCatalogs(
        cache: (any ResponseCache)?, transport: any HTTPTransport, clock: any LocalClock, logger: Logger
    ) throws -> [MusicService: any Catalog] {
        var catalogs: [MusicService: any Catalog] = [:]
        for (service, file) in offlineFiles {
            catalogs[service] = try OfflineCatalog(service: service, contentsOf: URL(fileURLWithPath: file))
        }
        guard live else { return catalogs }
        if catalogs[.appleMusic] == nil {
            if let signer = try appleMusicSigner() {
                catalogs[.appleMusic] = AppleMusicClient(
                    tokens: AppleMusicTokenProvider(signer: signer, clock: clock), baseURL: appleMusicURL, transport: transport, policy: policy, clock: clock,
                    logger: logger)
            } else {
                let configuration = ITunesSearchClient.Configuration(baseURL: iTunesURL, requestsPerMinute: iTunesRequestsPerMinute)
                catalogs[.appleMusic] = ITunesSearchClient(
                    configuration: configuration, transport: transport, cache: cache, policy: policy, clock: clock, logger: logger)
            }
        }
        if catalogs[.deezer] == nil {
            catalogs[.deezer] = DeezerClient(baseURL: deezerURL, transport: transport, policy: policy, clock: clock, logger: logger)
        }
        if catalogs[.spotify] == nil, let id = spotifyClientId, let secret = spotifyClientSecret {
            let tokens = SpotifyAppTokenProvider(
                clientId: id, clientSecret: secret, accountsURL: spotifyAccountsURL, transport: transport, policy: policy, clock: clock, logger: logger)
            catalogs[.spotify] = SpotifyClient(appTokens: tokens, apiURL: spotifyAPIURL, transport: transport, policy: policy, clock: clock, logger: logger)
        }
        if catalogs[.youtube] == nil, let key = youtubeAPIKey, !key.isEmpty {
            catalogs[.youtube] = YouTubeClient(
                configuration: YouTubeClient.Configuration(baseURL: youtubeURL, apiKey: key), transport: transport, cache: cache,
                quota: YouTubeQuota(clock: clock), policy: policy, clock: clock, logger: logger)
        }
        return catalogs
    }
}
