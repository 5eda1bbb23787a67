import Catalogs
import Foundation
import Logging
import Rooms
import ServiceHTTP
import SimulcastCore
import SimulcastServer
import TrackMatching

/// What `simulcast serve` runs with, resolved from the config file, the environment and the
/// flags: the server's configuration, the catalogs, the database and the secrets. `serve`,
/// `doctor` and `--print-config` all resolve it here, so they agree.
public struct ServeSettings: Sendable {
    public let layers: LayeredSettings
    public var server: ServerConfiguration
    public var catalog: CatalogSetup
    public var matcher: MatcherKind
    /// A SQLite file, or a `postgres://` URL.
    public var database: String
    /// From `database-password-file`; the URL's own password (or PGPASSWORD) otherwise.
    public var databasePassword: String?
    public var databaseConnections: Int
    public var secretsKeyFile: String
    public var logLevel: Logger.Level

    /// - Parameters:
    ///   - configFolder: where the secrets key is by default (`ConfigFolder.path()`).
    ///   - checkingAppleKey: refuse a MusicKit key that cannot sign (serve); `doctor` reads on and judges it.
    public init(_ layers: LayeredSettings, configFolder: String, checkingAppleKey: Bool = true) throws(SettingsError) {
        typealias Key = SettingKey
        self.layers = layers
        var limits = ServerLimits()
        limits.connections = try layers.integer(.maxConnections) ?? limits.connections
        limits.connectionsPerAddress = try layers.integer(.maxConnectionsPerAddress) ?? limits.connectionsPerAddress
        limits.connectionsPerNetwork = try layers.integer(.maxConnectionsPerNetwork) ?? limits.connectionsPerNetwork
        limits.listenersPerRoom = try layers.integer(.maxListenersPerRoom) ?? limits.listenersPerRoom
        limits.roomCreation.perSecond = (try layers.number(.roomCreationsPerMinute) ?? 2) / 60
        limits.roomLookupMisses.perSecond = (try layers.number(.roomLookupMissesPerMinute) ?? 60) / 60
        limits.headerTimeout = Self.duration(try layers.number(.headerTimeout) ?? 10)
        limits.drainTimeout = Self.duration(try layers.number(.drainTimeout) ?? 30)
        if let day = try layers.text(.legacyRoomCodesUntil) {
            let parser = ISO8601DateFormatter()
            parser.formatOptions = [.withFullDate]
            // Strictly: the formatter would read 2027-02-30 as a day in March.
            guard let date = parser.date(from: day), parser.string(from: date) == day else {
                throw .badValue(
                    key: Key.legacyRoomCodesUntil.name, source: try layers.value(.legacyRoomCodesUntil)?.source ?? .defaultValue, expected: "a day that exists",
                    got: day)
            }
            limits.legacyRoomCodesUntil = ServerTime(micros: Int64(date.timeIntervalSince1970 * 1_000_000))
        }
        let roomExpiry = try layers.number(.roomExpiry) ?? 7 * 86_400

        var catalog = CatalogSetup()
        for spec in try layers.list(.catalog) {
            guard let equals = spec.firstIndex(of: "="), equals != spec.startIndex, spec.index(after: equals) != spec.endIndex else {
                throw .badValue(
                    key: Key.catalog.name, source: try layers.value(.catalog)?.source ?? .defaultValue,
                    expected: "SERVICE=FILE, e.g. apple-music=catalog.jsonl",
                    got: SettingsError.quote(spec))
            }
            catalog.offlineFiles[MusicService(rawValue: String(spec[..<equals]))] = String(spec[spec.index(after: equals)...])
        }
        catalog.live = !(try layers.boolean(.offline))
        catalog.appleMusicKeyId = try layers.text(.appleMusicKeyId)
        catalog.appleMusicTeamId = try layers.text(.appleMusicTeamId)
        catalog.appleMusicKeyFile = try layers.text(.appleMusicKeyFile)
        catalog.appleMusicPrivateKey = try layers.text(.appleMusicPrivateKey)
        catalog.iTunesRequestsPerMinute = try layers.integer(.itunesRequestsPerMinute) ?? catalog.iTunesRequestsPerMinute
        catalog.policy.retryAfterCapSeconds = try layers.number(.retryAfterCapSeconds) ?? catalog.policy.retryAfterCapSeconds
        if let url = try layers.text(.itunesURL) { catalog.iTunesURL = url }
        if let url = try layers.text(.appleMusicURL) { catalog.appleMusicURL = url }
        if let url = try layers.text(.deezerURL) { catalog.deezerURL = url }
        if let url = try layers.text(.spotifyAPIURL) { catalog.spotifyAPIURL = url }
        if let url = try layers.text(.spotifyAccountsURL) { catalog.spotifyAccountsURL = url }
        catalog.spotifyClientId = try layers.text(.spotifyClientId)
        catalog.spotifyClientSecret = try Self.secret(layers, value: .spotifyClientSecret, file: .spotifyClientSecretFile)
        if let url = try layers.text(.youtubeAPIURL) { catalog.youtubeURL = url }
        catalog.youtubeAPIKey = try Self.secret(layers, value: .youtubeAPIKey, file: .youtubeAPIKeyFile)
        self.catalog = catalog
        self.matcher = MatcherKind(rawValue: try layers.text(.matcher) ?? "") ?? .simulcast

        // Doctor reads settings whose key is unusable, to say what is wrong with it; serve does not start with one.
        let signer: AppleMusicDeveloperToken?
        do { signer = try catalog.appleMusicSigner() } catch {
            guard !checkingAppleKey else { throw .unusable("the Apple MusicKit key: \(error)") }
            signer = nil
        }
        var web = WebListenerConfiguration(
            appleMusicSigner: signer, spotifyClientId: try layers.text(.spotifyWebClientId), publicOrigins: try layers.list(.publicOrigin),
            developerTokenLifetimeSeconds: Int64(try layers.integer(.appleMusicTokenLifetime) ?? 1800),
            spotifyAccountsURL: catalog.spotifyAccountsURL, spotifyAPIURL: catalog.spotifyAPIURL)
        if let url = try layers.text(.musicKitScriptURL) { web.musicKitURL = url }
        if let url = try layers.text(.spotifySDKScriptURL) { web.spotifySDKURL = url }
        if let url = try layers.text(.youtubeIFrameAPIURL) { web.youtubeIFrameAPIURL = url }
        // YouTube is offered where its songs can be matched: an offline catalog, or the Data API.
        web.offersYouTube = catalog.offlineFiles[.youtube] != nil || (catalog.live && !(catalog.youtubeAPIKey ?? "").isEmpty)

        let certificate = try layers.text(.tlsCertificate)
        let key = try layers.text(.tlsKey)
        var tls: TLSFiles?
        switch (certificate, key) {
        case (let certificate?, let key?):
            tls = TLSFiles(certificatePath: certificate, keyPath: key, reloadInterval: Self.duration(try layers.number(.tlsReloadInterval) ?? 60))
        case (nil, nil): tls = nil
        default: throw .unusable("tls-certificate and tls-key go together: give both (PEM files) or neither")
        }
        let redirectPort = try layers.integer(.httpRedirectPort)
        if redirectPort != nil, tls == nil {
            throw .unusable("http-redirect-port sends visitors to the server's https address, so it needs tls-certificate and tls-key")
        }
        server = ServerConfiguration(
            hostname: try layers.text(.hostname) ?? "127.0.0.1", port: try layers.integer(.port) ?? 8080, limits: limits,
            trustedProxies: Set(try layers.list(.trustedProxy)), adminToken: try Self.secret(layers, value: .adminToken, file: .adminTokenFile),
            expiry: .init(
                roomIdle: Self.duration(roomExpiry), sweepInterval: Self.duration(try layers.number(.sweepInterval) ?? 60),
                unloadAfter: Self.duration(min(30, roomExpiry))),
            shutdownTimeout: Self.duration(try layers.number(.shutdownTimeout) ?? 10), web: web, tls: tls, httpRedirectPort: redirectPort)

        database = try layers.text(.database) ?? "simulcast.sqlite"
        databasePassword = try Self.fileContents(layers, .databasePasswordFile)
        databaseConnections = try layers.integer(.databaseConnections) ?? 16
        secretsKeyFile = try layers.text(.secretsKeyFile) ?? configFolder + "/secrets.key"
        logLevel = Logger.Level(rawValue: try layers.text(.logLevel) ?? "info") ?? .info
    }

    /// The file at `configPath` (or `SIMULCAST_CONFIG`; none when neither), the environment
    /// over it and the flags over both.
    public static func load(
        configPath: String?, environment: [String: String], flags: [String: TOMLValue], configFolder: String? = nil, checkingAppleKey: Bool = true
    ) throws(SettingsError) -> ServeSettings {
        let path = configPath ?? environment["SIMULCAST_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let layers = try LayeredSettings.load(keys: SettingKey.serve, path: path, environment: environment, flags: flags)
        return try ServeSettings(layers, configFolder: configFolder ?? ConfigFolder.path(environment: environment), checkingAppleKey: checkingAppleKey)
    }

    static func duration(_ seconds: Double) -> Duration { .milliseconds(Int64((seconds * 1000).rounded())) }

    /// A secret given as a value, or as a file that holds it (the file wins; one trailing
    /// newline is not part of it).
    static func secret(_ layers: LayeredSettings, value: SettingKey, file: SettingKey) throws(SettingsError) -> String? {
        if let fromFile = try fileContents(layers, file) { return fromFile }
        return try layers.text(value)
    }

    static func fileContents(_ layers: LayeredSettings, _ key: SettingKey) throws(SettingsError) -> String? {
        guard let path = try layers.text(key) else { return nil }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .unusable("\(key.name): cannot read \(path) (it must exist and be readable by this user)")
        }
        var secret = text
        while secret.hasSuffix("\n") || secret.hasSuffix("\r") { secret.removeLast() }
        guard !secret.isEmpty else { throw .unusable("\(key.name): \(path) is empty") }
        return secret
    }
}
