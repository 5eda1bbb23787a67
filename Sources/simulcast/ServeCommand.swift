import ArgumentParser
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

    @Option(help: "Log level: trace, debug, info, notice, warning, error.")
    var logLevel: String = "info"

    func run() async throws {
        let logger = try makeLogger(label: "simulcast.server", level: logLevel)
        let store = try await SQLiteRoomStore.open(path: database, logger: logger)
        // The database doubles as the catalog response cache, so matches survive restarts cheaply.
        let matchmaker = try catalogOptions.makeMatchmaker(cache: store, logger: logger)
        let dependencies = SimulcastApplication.Dependencies(store: store, matchmaker: matchmaker, logger: logger)
        let catalogLines = try catalogOptions.setup().describe()
        let runner = ServerRunner(configuration: .init(hostname: hostname, port: port), dependencies: dependencies, handleSignals: true) { port in
            logger.notice("simulcast serving", metadata: ["url": "http://\(hostname):\(port)", "database": "\(database)"])
            for line in catalogLines { logger.notice("catalog", metadata: ["uses": "\(line)"]) }
        }
        try await runner.run()
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
