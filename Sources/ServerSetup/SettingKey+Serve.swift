import Catalogs
import Logging
import Rooms
import ServiceHTTP
import TrackMatching

/// Every setting of `simulcast serve`. The file's keys are the flags without their dashes;
/// the environment variables are `SIMULCAST_` and the key in capitals, or the names the
/// services' own tools use (`APPLE_MUSIC_KEY_ID`, `SPOTIFY_CLIENT_ID`), kept from earlier versions.
extension SettingKey {
    static let limits = ServerLimits()
    static let seconds = SettingKind.number(0.001...Double.greatestFiniteMagnitude)
    static let portNumber = SettingKind.integer(0...65_535)

    // Listening, TLS.
    public static let hostname = SettingKey("hostname", kind: .text, default: .string("127.0.0.1"))
    public static let port = SettingKey("port", kind: portNumber, default: .integer(8080))
    public static let tlsCertificate = SettingKey("tls-certificate", kind: .path)
    public static let tlsKey = SettingKey("tls-key", kind: .path)
    public static let tlsReloadInterval = SettingKey("tls-reload-interval", kind: .number(1...86_400), default: .float(60))
    public static let httpRedirectPort = SettingKey("http-redirect-port", kind: portNumber)
    public static let publicOrigin = SettingKey("public-origin", kind: .originList)
    public static let trustedProxy = SettingKey("trusted-proxy", kind: .list)

    // Storage and secrets.
    public static let database = SettingKey("database", environment: "SIMULCAST_DATABASE_URL", kind: .text, default: .string("simulcast.sqlite"))
    public static let databasePasswordFile = SettingKey("database-password-file", kind: .path)
    public static let databaseConnections = SettingKey("database-connections", kind: .integer(1...1_000), default: .integer(16))
    public static let secretsKeyFile = SettingKey("secrets-key-file", kind: .path)
    public static let adminToken = SettingKey("admin-token", kind: .text, isSecret: true, hasFlag: false)
    public static let adminTokenFile = SettingKey("admin-token-file", kind: .path)

    // Catalogs and matching.
    public static let catalog = SettingKey("catalog", kind: .list)
    public static let offline = SettingKey("offline", kind: .boolean, default: .boolean(false))
    public static let matcher = SettingKey("matcher", kind: .choice(MatcherKind.allCases.map(\.rawValue)), default: .string(MatcherKind.simulcast.rawValue))
    public static let appleMusicKeyId = SettingKey("apple-music-key-id", environment: "APPLE_MUSIC_KEY_ID", kind: .text)
    public static let appleMusicTeamId = SettingKey("apple-music-team-id", environment: "APPLE_MUSIC_TEAM_ID", kind: .text)
    public static let appleMusicKeyFile = SettingKey("apple-music-key-file", environment: "APPLE_MUSIC_KEY_FILE", kind: .path)
    public static let appleMusicPrivateKey = SettingKey(
        "apple-music-private-key", environment: "APPLE_MUSIC_PRIVATE_KEY", kind: .text, isSecret: true, hasFlag: false)
    public static let appleMusicTokenLifetime = SettingKey(
        "apple-music-token-lifetime", kind: .integer(60...15_777_000), default: .integer(1800))
    public static let spotifyClientId = SettingKey("spotify-client-id", environment: "SPOTIFY_CLIENT_ID", kind: .text)
    public static let spotifyClientSecret = SettingKey(
        "spotify-client-secret", environment: "SPOTIFY_CLIENT_SECRET", kind: .text, isSecret: true, hasFlag: false)
    public static let spotifyClientSecretFile = SettingKey("spotify-client-secret-file", kind: .path)
    public static let spotifyWebClientId = SettingKey("spotify-web-client-id", environment: "SPOTIFY_WEB_CLIENT_ID", kind: .text)
    public static let youtubeAPIKey = SettingKey("youtube-api-key", environment: "YOUTUBE_API_KEY", kind: .text, isSecret: true, hasFlag: false)
    public static let youtubeAPIKeyFile = SettingKey("youtube-api-key-file", kind: .path)
    public static let itunesRequestsPerMinute = SettingKey("itunes-requests-per-minute", kind: .integer(1...10_000), default: .integer(20))
    public static let retryAfterCapSeconds = SettingKey(
        "retry-after-cap-seconds", kind: .number(0...86_400), default: .float(ServicePolicy().retryAfterCapSeconds))
    public static let itunesURL = SettingKey("itunes-url", kind: .url)
    public static let appleMusicURL = SettingKey("apple-music-url", kind: .url)
    public static let deezerURL = SettingKey("deezer-url", kind: .url)
    public static let spotifyAPIURL = SettingKey("spotify-api-url", kind: .url)
    public static let spotifyAccountsURL = SettingKey("spotify-accounts-url", kind: .url)
    public static let youtubeAPIURL = SettingKey("youtube-api-url", kind: .url)
    public static let musicKitScriptURL = SettingKey("musickit-script-url", kind: .url)
    public static let spotifySDKScriptURL = SettingKey("spotify-sdk-script-url", kind: .url)
    public static let youtubeIFrameAPIURL = SettingKey("youtube-iframe-api-url", kind: .url)

    // Limits and timing.
    public static let maxConnections = SettingKey("max-connections", kind: .integer(1...1_000_000), default: .integer(Int64(limits.connections)))
    public static let maxConnectionsPerAddress = SettingKey(
        "max-connections-per-address", kind: .integer(1...1_000_000), default: .integer(Int64(limits.connectionsPerAddress)))
    public static let maxConnectionsPerNetwork = SettingKey(
        "max-connections-per-network", kind: .integer(1...1_000_000), default: .integer(Int64(limits.connectionsPerNetwork)))
    public static let maxListenersPerRoom = SettingKey(
        "max-listeners-per-room", kind: .integer(1...1_000_000), default: .integer(Int64(limits.listenersPerRoom)))
    public static let roomCreationsPerMinute = SettingKey(
        "room-creations-per-minute", kind: .number(0.001...1_000_000), default: .float(limits.roomCreation.perSecond * 60))
    public static let roomLookupMissesPerMinute = SettingKey(
        "room-lookup-misses-per-minute", kind: .number(0.001...1_000_000), default: .float(limits.roomLookupMisses.perSecond * 60))
    public static let legacyRoomCodesUntil = SettingKey("legacy-room-codes-until", kind: .date, default: .date("2027-01-01"))
    public static let headerTimeout = SettingKey("header-timeout", kind: seconds, default: .float(10))
    public static let drainTimeout = SettingKey("drain-timeout", kind: seconds, default: .float(30))
    public static let roomExpiry = SettingKey("room-expiry", kind: seconds, default: .float(7 * 86_400))
    public static let sweepInterval = SettingKey("sweep-interval", kind: seconds, default: .float(60))
    public static let shutdownTimeout = SettingKey("shutdown-timeout", kind: seconds, default: .float(10))
    public static let logLevel = SettingKey("log-level", kind: .choice(Logger.Level.allCases.map(\.rawValue)), default: .string("info"))

    /// Every setting `serve` reads, in the order `--print-config` shows them.
    public static let serve: [SettingKey] = [
        .hostname, .port, .tlsCertificate, .tlsKey, .tlsReloadInterval, .httpRedirectPort, .publicOrigin, .trustedProxy,
        .database, .databasePasswordFile, .databaseConnections, .secretsKeyFile, .adminToken, .adminTokenFile,
        .catalog, .offline, .matcher, .appleMusicKeyId, .appleMusicTeamId, .appleMusicKeyFile, .appleMusicPrivateKey, .appleMusicTokenLifetime,
        .spotifyClientId, .spotifyClientSecret, .spotifyClientSecretFile, .spotifyWebClientId, .youtubeAPIKey, .youtubeAPIKeyFile, .itunesRequestsPerMinute,
        .retryAfterCapSeconds,
        .itunesURL, .appleMusicURL, .deezerURL, .spotifyAPIURL, .spotifyAccountsURL, .youtubeAPIURL, .musicKitScriptURL, .spotifySDKScriptURL,
        .youtubeIFrameAPIURL,
        .maxConnections, .maxConnectionsPerAddress, .maxConnectionsPerNetwork, .maxListenersPerRoom, .roomCreationsPerMinute,
        .roomLookupMissesPerMinute, .legacyRoomCodesUntil, .headerTimeout, .drainTimeout, .roomExpiry, .sweepInterval, .shutdownTimeout, .logLevel,
    ]
}
