import ArgumentParser
import CatalogCore
import Catalogs
import Foundation
import Logging
import RoomStorage
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import TrackMatching

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a whole room offline: a server, a host playing six songs, listeners on Apple Music and Deezer.",
        discussion:
            "Starts a server on a free loopback port with a temporary database, a host playing a bundled script (with a pause, a seek and skips), and two listeners with simulated players whose clocks are off by seconds and drift, matched against bundled offline catalogs. Midway the server is stopped and started again on the same database; everyone reconnects by themselves."
    )

    @Flag(help: "Print only the summary, as JSON.")
    var json = false

    @Option(help: "Restart the server this many seconds into the script (0: never).")
    var restartAt: Double = 26.5

    @Option(help: "Seed for the simulated players' latencies.")
    var seed: UInt64 = 2017

    @Flag(help: "Match against the live services (or the base URLs given by the service flags) instead of the bundled catalogs.")
    var liveCatalogs = false

    @OptionGroup(title: "Matching and services (services with --live-catalogs)") var catalogOptions: CatalogOptions

    func run() async throws {
        let logger = {
            var logger = Logger(label: "simulcast.demo")
            logger.logLevel = .critical
            return logger
        }()
        let trueClock = SystemClock()
        let out = DemoOutput(json: json)

        // Server: a temporary SQLite database and the bundled catalogs.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let databasePath = directory.appendingPathComponent("demo.sqlite").path
        let matchmaker =
            liveCatalogs
            ? try catalogOptions.makeMatchmaker(cache: InMemoryResponseCache(), logger: logger)
            : TrackMatchmaker(
                catalogs: [
                    .appleMusic: try OfflineCatalog(service: .appleMusic, contentsOf: try Self.resource("demo-catalog-apple-music.jsonl")),
                    .deezer: try OfflineCatalog(service: .deezer, contentsOf: try Self.resource("demo-catalog-deezer.jsonl")),
                ],
                matcher: catalogOptions.matcherKind.make()
            )
        let events = try PlaybackScript.load(contentsOf: try Self.resource("demo-script.jsonl"))

        let server = LocalServer(matchmaker: matchmaker, clock: trueClock, logger: logger) {
            try await SQLiteRoomStore.open(path: databasePath, clock: SystemClock(), logger: logger)
        }
        let port = try await server.start(port: 0)
        let baseURL = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: baseURL, transport: .live).createRoom()
        out.say("server on \(baseURL), database \(databasePath)")
        out.say("room \(room.code) created")

        // Listeners: clocks off by seconds and drifting, players with real-world latencies, and
        // outputs: Bluetooth headphones (210 ms, estimated 200) and a phone's speaker (5 ms, unknown).
        let listenerSpecs: [(MusicService, String, offsetMicros: Int64, clockPPM: Double, playerPPM: Double, output: SimulatedOutput)] = [
            (.appleMusic, "us", 1_800_000, 35, 40, SimulatedOutput(trueMs: 210, estimatedMs: 200)),
            (.deezer, "fr", -900_000, -25, -30, SimulatedOutput(trueMs: 5, estimatedMs: 0)),
        ]
        var probes: [SyncErrorSampler.ListenerProbe] = []
        for (index, spec) in listenerSpecs.enumerated() {
            let deviceClock = SkewedClock(base: trueClock, offsetMicros: spec.offsetMicros, driftPPM: spec.clockPPM)
            let player = SimulatedPlayer(
                configuration: .init(driftPPM: spec.playerPPM, canScheduleStart: spec.0 == .appleMusic), trueClock: trueClock, deviceClock: deviceClock,
                seed: seed &+ UInt64(index))
            let client = RoomConnection(
                serverURL: baseURL, hello: Wire.Hello(role: .listener, room: room.code, service: spec.0, storefront: spec.1, client: "simulcast-demo"),
                clock: deviceClock, logger: logger)
            let session = ListenerSession(
                client: client, player: player, policy: .init(service: spec.0, storefront: spec.1), outputLatencyMs: spec.output.estimatedMs, logger: logger)
            probes.append(.init(service: spec.0, storefront: spec.1, session: session, player: player, output: spec.output))
            out.say(
                "listener on \(spec.0)/\(spec.1): clock \(spec.offsetMicros > 0 ? "+" : "")\(Double(spec.offsetMicros) / 1000) ms, \(spec.clockPPM) ppm, \(spec.output)"
            )
        }

        // Host: a clock of its own, slightly off, playing the bundled script.
        let hostClock = SkewedClock(base: trueClock, offsetMicros: -350_000, driftPPM: 20)
        let hostClient = RoomConnection(
            serverURL: baseURL, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken, client: "simulcast-demo"), clock: hostClock,
            logger: logger)
        // The host hears its player through a wired output (20 ms, known).
        let hostOutput = SimulatedOutput(trueMs: 20, estimatedMs: 20)
        let host = HostSession(client: hostClient, outputLatencyMs: hostOutput.estimatedMs)
        let sampler = SyncErrorSampler(host: host, hostOutput: hostOutput, listeners: probes, trueClock: trueClock)
        let started = ContinuousClock.now
        let table = DemoTable(enabled: !json)
        var restartedAt: Double?

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await host.run() }
            for probe in probes {
                group.addTask { try await probe.session.run() }
            }
            // Let everyone connect and synchronise clocks before the music starts.
            try await Task.sleep(for: .seconds(1))
            group.addTask {
                while true {
                    await sampler.sample()
                    try await Task.sleep(for: .milliseconds(50))
                }
            }
            group.addTask {
                while true {
                    table.draw(await sampler.rows())
                    try await Task.sleep(for: .milliseconds(500))
                }
            }
            let scriptStart = ContinuousClock.now
            if restartAt > 0 {
                group.addTask { [restartAt] in
                    try await Task.sleep(until: scriptStart + .milliseconds(Int64(restartAt * 1000)), clock: .continuous)
                    table.note("stopping the server…")
                    await server.stop()
                    try await Task.sleep(for: .milliseconds(700))
                    _ = try await server.start(port: port)
                    table.note("server restarted on the same database; clients reconnect by themselves")
                }
            }
            try await ScriptedHostSource(session: host).play(
                AsyncThrowingStream { continuation in
                    for event in events { continuation.yield(event) }
                    continuation.finish()
                }
            ) { event in
                let now = await host.currentPosition()
                table.note(
                    "host \(event.kind.rawValue): \(now.track?.displayName ?? "nothing")\(event.kind == .seek ? " → \(PrintPlayer.clock(now.positionMs))" : "")"
                )
            }
            if restartAt > 0 { restartedAt = restartAt }
            try await Task.sleep(for: .milliseconds(500))
            group.cancelAll()
        }
        table.finish()
        await server.stop()

        let summary = await sampler.summary(durationSeconds: (ContinuousClock.now - started).inSeconds, restartedAt: restartedAt)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            DemoReport.print(summary)
        }
    }

    static func resource(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil) else {
            throw ValidationError("the bundled file \(name) is missing from this build")
        }
        return url
    }
}
