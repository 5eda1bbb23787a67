import ArgumentParser
import Catalogs
import Foundation
import Logging
import SimulcastCore
import SimulcastServer

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the room server (REST, WebSocket, metrics) with rooms stored in SQLite."
    )

    @Option(help: "Address to listen on (0.0.0.0 for every interface).")
    var hostname = "127.0.0.1"

    @Option(help: "Port to listen on (0 picks a free one).")
    var port = 8080

    @Option(help: "SQLite database file for rooms, their state and the match cache.")
    var database = "simulcast.sqlite"

    @OptionGroup var catalogOptions: CatalogOptions

    @Option(help: "A Spotify app client id for listeners' login in the web page (or SPOTIFY_WEB_CLIENT_ID); register <origin>/r/callback as its redirect URI.")
    var spotifyWebClientId: String?

    @Option(help: ArgumentHelp("The origin the web page is reached at behind a proxy, e.g. https://listen.example.com (repeatable).", valueName: "origin"))
    var publicOrigin: [String] = []

    @Flag(help: .hidden)
    var webTestSDKs = false

    @Option(help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func run() async throws {
        let logger = try makeLogger(label: "simulcast.server", level: logLevel)
        let store = try await SQLiteRoomStore.open(path: database, logger: logger)
        // The database doubles as the catalog response cache, so matches survive restarts cheaply.
        let matchmaker = try catalogOptions.makeMatchmaker(cache: store, logger: logger)
        let dependencies = SimulcastApplication.Dependencies(store: store, matchmaker: matchmaker, logger: logger)
        let catalogLines = try catalogOptions.setup().describe()
        let web = try webConfiguration()
        let runner = ServerRunner(configuration: .init(hostname: hostname, port: port, web: web), dependencies: dependencies, handleSignals: true) { port in
            logger.notice("simulcast serving", metadata: ["url": "http://\(hostname):\(port)", "database": "\(database)"])
            logger.notice("web listener", metadata: ["page": "http://\(hostname):\(port)/r/ROOMCODE", "apple-music": "\(web.appleMusicSigner == nil ? "off (no MusicKit key)" : "on")"])
            for line in catalogLines { logger.notice("catalog", metadata: ["uses": "\(line)"]) }
        }
        try await runner.run()
    }

    func webConfiguration() throws -> WebListenerConfiguration {
        let setup = try catalogOptions.setup()
        let environment = ProcessInfo.processInfo.environment
        let signer: AppleMusicDeveloperToken?
        do {
            signer = try AppleMusicDeveloperToken.fromEnvironment(keyId: setup.appleMusicKeyId, teamId: setup.appleMusicTeamId, keyFile: setup.appleMusicKeyFile)
        } catch {
            throw ValidationError("\(error)")
        }
        return WebListenerConfiguration(
            appleMusicSigner: signer, spotifyClientId: spotifyWebClientId ?? environment["SPOTIFY_WEB_CLIENT_ID"], publicOrigins: publicOrigin,
            fakeSDKs: webTestSDKs, spotifyAccountsURL: setup.spotifyAccountsURL, spotifyAPIURL: setup.spotifyAPIURL)
    }
}

func makeLogger(label: String, level: String) throws -> Logger {
    guard let parsed = Logger.Level(rawValue: level.lowercased()) else {
        throw ValidationError("unknown log level \"\(level)\"; use trace, debug, info, notice, warning or error")
    }
    var logger = Logger(label: label)
    logger.logLevel = parsed
    return logger
}
