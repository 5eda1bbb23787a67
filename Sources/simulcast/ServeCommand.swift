import ArgumentParser
import Catalogs
import Foundation
import Logging
import RoomStorage
import Rooms
import ServerHosting
import ServiceLifecycle
import SimulcastCore
import SimulcastServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the room server (REST, WebSocket, metrics) with rooms stored in SQLite or PostgreSQL.",
        discussion: """
            Operator actions (global corrections, listing every correction, /metrics from other hosts) need the admin token from the \
            SIMULCAST_ADMIN_TOKEN environment variable. Several nodes share rooms through one PostgreSQL database: give each \
            --database postgres://user@host:5432/db (or SIMULCAST_DATABASE_URL, which keeps the password out of `ps`; PGPASSWORD also works).
            """
    )

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var hostname = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "The key that encrypts hosts' Spotify logins at rest while the server follows them (rooms started from the browser); created with mode 0600 if missing. Default: secrets.key in the config folder.",
            valueName: "file"))
    var secretsKeyFile: String?

    @Option(
        help:
            "A SQLite file, or postgres://user:password@host:5432/db?sslmode=disable|prefer|require for several nodes (default: SIMULCAST_DATABASE_URL, else simulcast.sqlite)."
    )
    var database: String?

    @Option(help: "Connections this node keeps to PostgreSQL.")
    var databaseConnections = 16

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(help: "A Spotify app client id for listeners' login in the web page (or SPOTIFY_WEB_CLIENT_ID); register <origin>/r/callback as its redirect URI.")
    var spotifyWebClientId: String?

    @Option(
        help: ArgumentHelp(
            "How long the web page's MusicKit developer tokens live, seconds; the page renews them by 80 % of it.", valueName: "seconds"))
    var appleMusicTokenLifetime: Int64 = 1800

    @Option(help: ArgumentHelp("The origin the web page is reached at behind a proxy, e.g. https://listen.example.com (repeatable).", valueName: "origin"))
    var publicOrigin: [String] = []

    @Option(
        help: ArgumentHelp(
            "A proxy whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable); from anyone else they are ignored.", valueName: "address"))
    var trustedProxy: [String] = []

    @Option(help: "Open connections in total (also kept below the descriptor limit).")
    var maxConnections = ServerLimits().connections

    @Option(help: "Open connections from one client address.")
    var maxConnectionsPerAddress = ServerLimits().connectionsPerAddress

    @Option(help: "Open connections from one client network (an IPv4 /24, an IPv6 /48).")
    var maxConnectionsPerNetwork = ServerLimits().connectionsPerNetwork

    @Option(help: "Listeners in one room.")
    var maxListenersPerRoom = ServerLimits().listenersPerRoom

    @Option(help: "Rooms one address may create per minute (after a burst of 20).")
    var roomCreationsPerMinute: Double = ServerLimits().roomCreation.perSecond * 60

    @Option(help: "Lookups of unknown room codes one address may make per minute (after a burst of 30).")
    var roomLookupMissesPerMinute: Double = ServerLimits().roomLookupMisses.perSecond * 60

    @Option(help: "The day (YYYY-MM-DD, UTC) six-character room codes of earlier versions stop working; until then their hosts and listeners are told.")
    var legacyRoomCodesUntil = "2027-01-01"

    @Option(help: "Seconds a new connection has to send its request headers.")
    var headerTimeout: Double = 10

    @Option(help: "Seconds a listener's socket may stay undrained before it is closed.")
    var drainTimeout: Double = 30

    @Option(help: "Seconds without any host or listener after which a room is deleted (default 7 days).")
    var roomExpiry: Double = 7 * 86_400

    @Option(help: "Seconds between sweeps for idle and expired rooms.")
    var sweepInterval: Double = 60

    @Option(help: "Seconds SIGTERM may take, whatever the peers do.")
    var shutdownTimeout: Double = 10

    @OptionGroup var logging: LoggingOptions

    func run() async throws {
        let logger = logging.makeLogger(label: "simulcast.server", defaultLevel: .info)
        let location = database ?? ProcessInfo.processInfo.environment["SIMULCAST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "simulcast.sqlite"
        let store: any RoomStore
        let cache: any ResponseCache
        var storeServices: [any Service] = []
        let databaseName: String
        do {
            if let url = try PostgresDatabaseURL(location) {
                // Connected and migrated by the server's service group, which runs its pool and listener.
                let postgres = try PostgresRoomStore(url: url, maximumConnections: databaseConnections, logger: logger)
                (store, cache, databaseName, storeServices) = (postgres, postgres.responseCache, url.description, postgres.services)
            } else {
                let sqlite = try await SQLiteRoomStore.open(path: location, logger: logger)
                (store, cache, databaseName) = (sqlite, sqlite.responseCache, location)
            }
        } catch let error as StoreError {
            throw ValidationError(error.message)
        }
        // The database doubles as the catalog response cache, so matches survive restarts cheaply.
        let metrics = ServerMetrics()
        let matchmaker = try catalogOptions.makeMatchmaker(cache: cache, logger: logger) { metrics.serviceHeldBack($0, seconds: $1) }
        let web = try webConfiguration()
        let dependencies = SimulcastApplication.Dependencies(
            store: store, matchmaker: matchmaker, logger: logger, metrics: metrics, storeServices: storeServices,
            makeHosting: try hosting(web: web, logger: logger))
        let catalogLines = try catalogOptions.setup().describe()
        let runner = try ServerRunner(configuration: try serverConfiguration(web: web), dependencies: dependencies, handleSignals: true) { port in
            logger.notice("simulcast serving", metadata: ["url": "http://\(hostname):\(port)", "database": "\(databaseName)"])
            logger.notice(
                "web listener",
                metadata: ["page": "http://\(hostname):\(port)/r/ROOMCODE", "apple-music": "\(web.appleMusicSigner == nil ? "off (no MusicKit key)" : "on")"])
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

    func serverConfiguration(web: WebListenerConfiguration) throws -> ServerConfiguration {
        var limits = ServerLimits()
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        guard let retirement = day.date(from: legacyRoomCodesUntil) else {
            throw ValidationError("--legacy-room-codes-until takes a day as YYYY-MM-DD; got \"\(legacyRoomCodesUntil.prefix(20))\"")
        }
        limits.legacyRoomCodesUntil = ServerTime(micros: Int64(retirement.timeIntervalSince1970 * 1_000_000))
        limits.connections = maxConnections
        limits.connectionsPerAddress = maxConnectionsPerAddress
        limits.connectionsPerNetwork = maxConnectionsPerNetwork
        limits.listenersPerRoom = maxListenersPerRoom
        limits.roomCreation.perSecond = roomCreationsPerMinute / 60
        limits.roomLookupMisses.perSecond = roomLookupMissesPerMinute / 60
        limits.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
        limits.drainTimeout = .milliseconds(Int64(drainTimeout * 1000))
        let admin = ProcessInfo.processInfo.environment["SIMULCAST_ADMIN_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        return ServerConfiguration(
            hostname: hostname, port: port, limits: limits, trustedProxies: Set(trustedProxy), adminToken: admin,
            expiry: .init(
                roomIdle: .milliseconds(Int64(roomExpiry * 1000)), sweepInterval: .milliseconds(Int64(sweepInterval * 1000)),
                unloadAfter: .milliseconds(Int64(min(30, roomExpiry) * 1000))),
            shutdownTimeout: .milliseconds(Int64(shutdownTimeout * 1000)), web: web)
    }

    /// Rooms started from the browser with Spotify: offered with a web client id, their logins
    /// sealed with the secrets key (made on first start).
    func hosting(web: WebListenerConfiguration, logger: Logger) throws -> (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)? {
        guard let clientId = web.spotifyClientId else { return nil }
        let path = secretsKeyFile ?? ConfigFolder.path() + "/secrets.key"
        let key: SecretsKey
        do { key = try SecretsKey.loadOrCreate(path: path) } catch { throw ValidationError("--secrets-key-file: \(error)") }
        var configuration = SpotifyRoomHosting.Configuration(clientId: clientId, accountsURL: web.spotifyAccountsURL, apiURL: web.spotifyAPIURL)
        // A followed room never goes idle: a host whose Spotify changed nothing for the room
        // expiry is no longer followed, and the room then expires as any other.
        configuration.idleLimit = .milliseconds(Int64(roomExpiry * 1000))
        let hosting = configuration
        return { store, hub in SpotifyRoomHosting(store: store, hub: hub, key: key, configuration: hosting, logger: logger) }
    }

    func webConfiguration() throws -> WebListenerConfiguration {
        let setup = try catalogOptions.setup()
        let environment = ProcessInfo.processInfo.environment
        let signer: AppleMusicDeveloperToken?
        do {
            signer = try AppleMusicDeveloperToken.fromEnvironment(
                keyId: setup.appleMusicKeyId, teamId: setup.appleMusicTeamId, keyFile: setup.appleMusicKeyFile)
        } catch {
            throw ValidationError("\(error)")
        }
        // Apple accepts developer tokens of up to six months; under a minute the page would
        // spend its time renewing.
        guard (60...15_777_000).contains(appleMusicTokenLifetime) else {
            throw ValidationError("--apple-music-token-lifetime is 60 to 15777000 seconds (six months)")
        }
        return WebListenerConfiguration(
            appleMusicSigner: signer, spotifyClientId: spotifyWebClientId ?? environment["SPOTIFY_WEB_CLIENT_ID"], publicOrigins: publicOrigin,
            developerTokenLifetimeSeconds: appleMusicTokenLifetime, spotifyAccountsURL: setup.spotifyAccountsURL, spotifyAPIURL: setup.spotifyAPIURL)
    }
}
