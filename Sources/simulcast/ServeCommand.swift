import ArgumentParser
import Catalogs
import Foundation
import Logging
import RoomStorage
import Rooms
import ServerHosting
import ServerSetup
import ServiceHTTP
import ServiceLifecycle
import SimulcastCore
import SimulcastServer
import TrackMatching

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the room server (HTTPS or HTTP, REST, WebSocket, metrics) with rooms stored in SQLite or PostgreSQL.",
        discussion: """
            Every option can also come from a config file (--config, or SIMULCAST_CONFIG; TOML, each key an option's name \
            without its dashes) and from an environment variable (SIMULCAST_ and the name in capitals, e.g. SIMULCAST_PORT); \
            flags beat the environment, which beats the file. Secrets can be given as files: admin-token-file, \
            spotify-client-secret-file, database-password-file, apple-music-key-file. `simulcast setup` writes the file, \
            `simulcast doctor` checks it, --print-config shows what is in effect (secrets masked). Several nodes share rooms \
            through one PostgreSQL database: give each the same postgres:// database.
            """
    )

    @Option(help: ArgumentHelp("A TOML config file whose keys are these options without dashes (or SIMULCAST_CONFIG).", valueName: "file"))
    var config: String?

    @Flag(help: "Print the settings in effect (secrets masked), with where each came from, and exit.")
    var printConfig = false

    @Option(help: "Address to listen on (0.0.0.0 for every interface; default 127.0.0.1).")
    var hostname: String?

    @Option(help: "Port to listen on (0 picks a free one; default 8080).")
    var port: Int?

    @Option(help: ArgumentHelp("Serve HTTPS with this certificate chain (PEM); renewed files are picked up without a restart.", valueName: "file"))
    var tlsCertificate: String?

    @Option(help: ArgumentHelp("The certificate's private key (PEM).", valueName: "file"))
    var tlsKey: String?

    @Option(help: ArgumentHelp("Seconds between looks at the certificate files for a renewal (default 60; SIGHUP looks at once).", valueName: "seconds"))
    var tlsReloadInterval: Double?

    @Option(help: ArgumentHelp("Also listen for plain HTTP here, only to redirect to HTTPS (and answer /healthz).", valueName: "port"))
    var httpRedirectPort: Int?

    @Option(
        help: ArgumentHelp(
            "The key that encrypts hosts' Spotify logins at rest while the server follows them (rooms started from the browser); created with mode 0600 if missing. Default: secrets.key in the config folder.",
            valueName: "file"))
    var secretsKeyFile: String?

    @Option(
        help:
            "A SQLite file, or postgres://user@host:5432/db?sslmode=disable|prefer|require for several nodes (or SIMULCAST_DATABASE_URL; default simulcast.sqlite)."
    )
    var database: String?

    @Option(help: ArgumentHelp("A file holding the PostgreSQL password (else the URL's, or PGPASSWORD).", valueName: "file"))
    var databasePasswordFile: String?

    @Option(help: "Connections this node keeps to PostgreSQL (default 16).")
    var databaseConnections: Int?

    @Option(help: ArgumentHelp("A file holding the admin token for operator actions (or SIMULCAST_ADMIN_TOKEN).", valueName: "file"))
    var adminTokenFile: String?

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(help: "A Spotify app client id for listeners' login in the web page (or SPOTIFY_WEB_CLIENT_ID); register <origin>/r/callback as its redirect URI.")
    var spotifyWebClientId: String?

    @Option(
        help: ArgumentHelp(
            "How long the web page's MusicKit developer tokens live, seconds (default 1800); the page renews them by 80 % of it.", valueName: "seconds"))
    var appleMusicTokenLifetime: Int?

    @Option(help: ArgumentHelp("Where the pages load MusicKit JS from (a mirror; default Apple's CDN).", valueName: "url"))
    var musickitScriptURL: String?

    @Option(help: ArgumentHelp("Where the pages load the Spotify Web Playback SDK from (a mirror; default Spotify's).", valueName: "url"))
    var spotifySDKScriptURL: String?

    @Option(
        name: .customLong("youtube-iframe-api-url"),
        help: ArgumentHelp("Where the pages load YouTube's IFrame Player API from (default YouTube's own).", valueName: "url"))
    var youtubeIframeAPIURL: String?

    @Option(help: ArgumentHelp("The https:// origin people reach the server at, e.g. https://listen.example.com (repeatable).", valueName: "origin"))
    var publicOrigin: [String] = []

    @Option(
        help: ArgumentHelp(
            "A proxy whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable); from anyone else they are ignored.", valueName: "address"))
    var trustedProxy: [String] = []

    @Option(help: "Open connections in total (also kept below the descriptor limit; default \(ServerLimits().connections)).")
    var maxConnections: Int?

    @Option(help: "Open connections from one client address (default \(ServerLimits().connectionsPerAddress)).")
    var maxConnectionsPerAddress: Int?

    @Option(help: "Open connections from one client network, an IPv4 /24 or an IPv6 /48 (default \(ServerLimits().connectionsPerNetwork)).")
    var maxConnectionsPerNetwork: Int?

    @Option(help: "Listeners in one room (default \(ServerLimits().listenersPerRoom)).")
    var maxListenersPerRoom: Int?

    @Option(help: "Rooms one address may create per minute, after a burst of 20 (default 2).")
    var roomCreationsPerMinute: Double?

    @Option(help: "Lookups of unknown room codes one address may make per minute, after a burst of 30 (default 60).")
    var roomLookupMissesPerMinute: Double?

    @Option(help: "The day (YYYY-MM-DD, UTC) six-character room codes of earlier versions stop working (default 2027-01-01).")
    var legacyRoomCodesUntil: String?

    @Option(help: "Seconds a new connection has to send its request headers (default 10).")
    var headerTimeout: Double?

    @Option(help: "Seconds a listener's socket may stay undrained before it is closed (default 30).")
    var drainTimeout: Double?

    @Option(help: "Seconds without any host or listener after which a room is deleted (default 7 days).")
    var roomExpiry: Double?

    @Option(help: "Seconds between sweeps for idle and expired rooms (default 60).")
    var sweepInterval: Double?

    @Option(help: "Seconds SIGTERM may take, whatever the peers do (default 10).")
    var shutdownTimeout: Double?

    @OptionGroup var logging: LoggingOptions

    /// The flags given, by setting; every option above is in it.
    var flags: [String: TOMLValue] {
        var flags = SettingFlags()
        flags.add(.hostname, hostname)
        flags.add(.port, port)
        flags.add(.tlsCertificate, tlsCertificate)
        flags.add(.tlsKey, tlsKey)
        flags.add(.tlsReloadInterval, tlsReloadInterval)
        flags.add(.httpRedirectPort, httpRedirectPort)
        flags.add(.publicOrigin, publicOrigin)
        flags.add(.trustedProxy, trustedProxy)
        flags.add(.database, database)
        flags.add(.databasePasswordFile, databasePasswordFile)
        flags.add(.databaseConnections, databaseConnections)
        flags.add(.secretsKeyFile, secretsKeyFile)
        flags.add(.adminTokenFile, adminTokenFile)
        flags.add(.catalog, catalogOptions.catalogs)
        flags.add(.offline, catalogOptions.offline)
        flags.add(.matcher, catalogOptions.matcher)
        flags.add(.appleMusicKeyId, catalogOptions.appleMusicKeyId)
        flags.add(.appleMusicTeamId, catalogOptions.appleMusicTeamId)
        flags.add(.appleMusicKeyFile, catalogOptions.appleMusicKeyFile)
        flags.add(.appleMusicTokenLifetime, appleMusicTokenLifetime)
        flags.add(.spotifyClientId, catalogOptions.spotifyClientId)
        flags.add(.spotifyClientSecretFile, catalogOptions.spotifyClientSecretFile)
        flags.add(.spotifyWebClientId, spotifyWebClientId)
        flags.add(.youtubeAPIKeyFile, catalogOptions.youtubeAPIKeyFile)
        flags.add(.itunesRequestsPerMinute, catalogOptions.itunesRequestsPerMinute)
        flags.add(.retryAfterCapSeconds, catalogOptions.retryAfterCapSeconds)
        flags.add(.itunesURL, catalogOptions.itunesURL)
        flags.add(.appleMusicURL, catalogOptions.appleMusicURL)
        flags.add(.deezerURL, catalogOptions.deezerURL)
        flags.add(.spotifyAPIURL, catalogOptions.spotifyAPIURL)
        flags.add(.spotifyAccountsURL, catalogOptions.spotifyAccountsURL)
        flags.add(.youtubeAPIURL, catalogOptions.youtubeAPIURL)
        flags.add(.musicKitScriptURL, musickitScriptURL)
        flags.add(.spotifySDKScriptURL, spotifySDKScriptURL)
        flags.add(.youtubeIFrameAPIURL, youtubeIframeAPIURL)
        flags.add(.maxConnections, maxConnections)
        flags.add(.maxConnectionsPerAddress, maxConnectionsPerAddress)
        flags.add(.maxConnectionsPerNetwork, maxConnectionsPerNetwork)
        flags.add(.maxListenersPerRoom, maxListenersPerRoom)
        flags.add(.roomCreationsPerMinute, roomCreationsPerMinute)
        flags.add(.roomLookupMissesPerMinute, roomLookupMissesPerMinute)
        flags.add(.legacyRoomCodesUntil, legacyRoomCodesUntil)
        flags.add(.headerTimeout, headerTimeout)
        flags.add(.drainTimeout, drainTimeout)
        flags.add(.roomExpiry, roomExpiry)
        flags.add(.sweepInterval, sweepInterval)
        flags.add(.shutdownTimeout, shutdownTimeout)
        flags.add(.logLevel, logging.logLevel)
        return flags.values
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try ServeSettings.load(configPath: config, environment: environment, flags: flags)
        if printConfig {
            print(SettingsReport(settings.layers).render(), terminator: "")
            return
        }
        let logger = {
            var logger = Logger(label: "simulcast.server")
            logger.logLevel = settings.logLevel
            return logger
        }()
        for warning in ExposureCheck.warnings(settings.server) { logger.warning("\(warning)") }
        let location = settings.database
        // The server's one clock: the store, the hub and the services beside it read it.
        let clock = SystemClock()
        let store: any RoomStore
        let cache: any ResponseCache
        var storeServices: [any Service] = []
        let databaseName: String
        do {
            if var url = try PostgresDatabaseURL(location) {
                if let password = settings.databasePassword { url.password = password }
                // Connected and migrated by the server's service group, which runs its pool and listener.
                let postgres = try PostgresRoomStore(url: url, maximumConnections: settings.databaseConnections, logger: logger)
                (store, cache, databaseName, storeServices) = (postgres, postgres.responseCache, url.description, postgres.services)
            } else {
                let sqlite = try await SQLiteRoomStore.open(path: location, clock: clock, logger: logger)
                (store, cache, databaseName) = (sqlite, sqlite.responseCache, location)
            }
        } catch let error as StoreError {
            throw ValidationError(error.message)
        }
        // The database doubles as the catalog response cache, so matches survive restarts cheaply.
        let metrics = ServerMetrics()
        var catalog = settings.catalog
        catalog.policy.heldBack = { metrics.serviceHeldBack($0, seconds: $1) }
        let matchmaker: TrackMatchmaker
        do {
            matchmaker = TrackMatchmaker(
                catalogs: try catalog.makeCatalogs(cache: cache, transport: NIOHTTPTransport.live, clock: SystemClock(), logger: logger),
                matcher: settings.matcher.make())
        } catch {
            throw ValidationError("\(error)")
        }
        let server = settings.server
        let dependencies = SimulcastApplication.Dependencies(
            store: store, matchmaker: matchmaker, clock: clock, logger: logger, metrics: metrics, storeServices: storeServices,
            makeHosting: try hosting(settings, logger: logger))
        let scheme = server.tls == nil ? "http" : "https"
        let hostname = server.hostname
        let web = server.web
        let catalogLines = catalog.describe()
        let runner = try ServerRunner(configuration: server, dependencies: dependencies, handleSignals: true) { port in
            logger.notice("simulcast serving", metadata: ["url": "\(scheme)://\(hostname):\(port)", "database": "\(databaseName)"])
            logger.notice(
                "web listener",
                metadata: [
                    "page": "\(web.publicOrigins.first ?? "\(scheme)://\(hostname):\(port)")/r/ROOMCODE",
                    "apple-music": "\(web.appleMusicSigner == nil ? "off (no MusicKit key)" : "on")",
                ])
            for line in catalogLines { logger.notice("catalog", metadata: ["uses": "\(line)"]) }
        }
        // Host claims in the database name this id; a restarted process is a new node.
        logger.notice("node", metadata: ["id": "\(runner.hub.node)"])
        do {
            try await runner.run()
        } catch let error as StoreError {
            throw ValidationError(error.message)
        }
    }

    /// Rooms started from the browser with Spotify: offered with a web client id, their logins
    /// sealed with the secrets key (made on first start).
    func hosting(_ settings: ServeSettings, logger: Logger) throws -> (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)? {
        let web = settings.server.web
        guard let clientId = web.spotifyClientId else { return nil }
        let key: SecretsKey
        do {
            let (loaded, created) = try SecretsKey.loadOrCreate(path: settings.secretsKeyFile)
            key = loaded
            if created {
                // Loudly: a node with a key of its own cannot open the logins the others sealed.
                logger.warning(
                    "made a NEW secrets key: if other nodes share this database, stop this one and give it their key file instead",
                    metadata: ["file": "\(settings.secretsKeyFile)", "key-id": "\(key.id)"])
            }
        } catch {
            throw ValidationError("secrets-key-file: \(error)")
        }
        logger.notice("secrets key", metadata: ["file": "\(settings.secretsKeyFile)", "key-id": "\(key.id)"])
        var configuration = SpotifyRoomHosting.Configuration(clientId: clientId, accountsURL: web.spotifyAccountsURL, apiURL: web.spotifyAPIURL)
        // A followed room never goes idle: a host whose Spotify changed nothing for the room
        // expiry is no longer followed, and the room then expires as any other.
        configuration.idleLimit = settings.server.expiry.roomIdle
        let hosting = configuration
        return { store, hub in
            SpotifyRoomHosting(store: store, hub: hub, key: key, configuration: hosting, transport: NIOHTTPTransport.live, logger: logger)
        }
    }
}
