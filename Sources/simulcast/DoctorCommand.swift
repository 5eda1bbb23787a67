import ArgumentParser
import Foundation
import ServerSetup
import SimulcastCore

struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a server's setup: origin, certificate, Apple key, Spotify app, database, secrets key, clock, ports; each with its fix.",
        discussion: """
            Reads the settings `serve` would run with (the same --config, environment and defaults) and checks them against the \
            world without changing anything. Exits with status 1 when a check fails.
            """
    )

    @Option(help: ArgumentHelp("The config file serve runs with (or SIMULCAST_CONFIG).", valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("Also trust this certificate authority (PEM) when reaching the origin, e.g. mkcert's on a LAN.", valueName: "file"))
    var caFile: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let path = config ?? environment["SIMULCAST_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let settings = try ServeSettings.load(configPath: path, environment: environment, flags: [:], checkingAppleKey: false)
        let report = await Doctor(settings: settings, configPath: path, probes: LiveDoctorProbes(extraAuthority: caFile)).run()
        print(report.render(), terminator: "")
        if !report.passed { throw ExitCode(1) }
    }
}
