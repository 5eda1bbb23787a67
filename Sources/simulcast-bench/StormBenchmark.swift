import ArgumentParser
import Foundation
import Logging
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import Synchronization

/// A match storm against a real `simulcast serve` (release build, offline catalogs): a host
/// plays a song with ten queued, and one listener on each of P service and storefront pairs
/// (Apple Music and Deezer in up to twelve countries) asks for all of them to be matched at
/// once; then the host skips ten times. Per P: the match entries after 2 s (of 11 x P), when
/// all were there, the changes the node dropped and the commit conflicts it counted, and the
/// host states refused during the skips. `--server-binary` runs another build (an older commit,
/// for a before-and-after table).
struct StormBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storm", abstract: "Match storm: many service and storefront pairs in one room at once, against a server process.")

    @Option(parsing: .upToNextOption, help: "Numbers of service and storefront pairs, one run each (at most 24).")
    var pairs: [Int] = [1, 3, 6, 12, 24]

    @Option(help: "A `simulcast` executable to run instead of the one built beside this benchmark.")
    var serverBinary: String?

    static let countries = ["us", "gb", "fr", "de", "jp", "br", "ca", "au", "es", "it", "nl", "se"]
    /// A song playing and ten queued: 11 tracks, each to be matched for every pair.
    static let songs = (0..<11).map { index in
        TrackMetadata(
            service: .spotify, id: "storm\(index)", title: "Storm Song \(index)", artists: ["The Storms"], album: "Weather",
            durationMs: 200_000 + index * 1_000,
            isrc: "QZSTM0000\(String(format: "%02d", index))")
    }

    struct Row {
        var pairs: Int
        var entriesAfter2s: Int
        var allMatchedAfter: Duration?
        var dropped: Double
        var conflicts: Double
        var refused: Int
        /// From each skip sent by the host to the state naming its track reaching each listener.
        var skipFanOutP99: Duration?
    }

    func validate() throws {
        guard pairs.allSatisfy({ (1...24).contains($0) }) else { throw ValidationError("--pairs takes numbers from 1 to 24") }
    }

    func run() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-storm-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var catalogArguments: [String] = []
        for service in [MusicService.appleMusic, .deezer] {
            let file = directory.appendingPathComponent("\(service.rawValue).jsonl")
            let lines = try Self.songs.map { song in
                var track = song
                track.service = service
                track.id = "\(service.rawValue)-\(song.id)"
                return String(decoding: try JSONEncoder().encode(track), as: UTF8.self)
            }
            try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
            catalogArguments += ["--catalog", "\(service.rawValue)=\(file.path)"]
        }
        print(
            "| pairs | match entries after 2 s (expected) | all matched | changes dropped | commit conflicts | host states refused during 10 skips | skip fan-out p99 |"
        )
        print("|---|---|---|---|---|---|---|")
        for count in pairs {
            let row = try await measure(pairs: count, catalogArguments: catalogArguments)
            let matched = row.allMatchedAfter.map { String(format: "%.2f s", $0.inSeconds) } ?? "not in 30 s"
            let fanOut = row.skipFanOutP99.map { String(format: "%.1f ms", $0.inSeconds * 1000) } ?? "a skip never arrived"
            print(
                "| \(row.pairs) | \(row.entriesAfter2s) (\(11 * row.pairs)) | \(matched) | \(Self.count(row.dropped)) | \(Self.count(row.conflicts)) | \(row.refused) of 10 | \(fanOut) |"
            )
        }
    }

    static func count(_ value: Double) -> String { value.isNaN ? "not counted" : String(Int(value)) }

    func measure(pairs count: Int, catalogArguments: [String]) async throws -> Row {
        let server = try ServerProcess(arguments: catalogArguments, binary: serverBinary)
        defer { server.stop() }
        try await server.waitUntilHealthy()
        var quiet = Logger(label: "storm")
        quiet.logLevel = .critical
        let base = "http://127.0.0.1:\(server.port)"
        let api = RoomsAPI(baseURL: base, transport: .live)
        let room = try await api.createRoom()
        let roomPairs = Self.countries.flatMap { [(MusicService.appleMusic, $0), (MusicService.deezer, $0)] }.prefix(count)

        let refused = Mutex(0)
        let hostClient = RoomConnection(
            serverURL: base, hello: Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken), clock: SystemClock(), logger: quiet)
        let host = HostSession(client: hostClient)
        var tasks = [
            Task {
                try await hostClient.run(
                    onEvent: { event in
                        if case .serverError = event { refused.withLock { $0 += 1 } }
                        await host.handle(event)
                    }, every: .seconds(5)
                ) { await host.heartbeatDue() }
            }
        ]
        let arrivals = StormArrivals()
        for (index, (service, storefront)) in roomPairs.enumerated() {
            let client = RoomConnection(
                serverURL: base, hello: Wire.Hello(role: .listener, room: room.code, service: service, storefront: storefront), clock: SystemClock(),
                logger: quiet)
            tasks.append(
                Task {
                    try await client.run(onEvent: { event in
                        guard case .roomState(let state) = event, let id = state.track?.source.id else { return }
                        arrivals.record(listener: index, trackId: id, at: .now)
                    })
                })
        }
        defer { tasks.forEach { $0.cancel() } }
        try await Self.waitUntil(seconds: 10) { (try? await api.room(code: room.code))?.listeners.count == count }
        try await Self.waitUntil(seconds: 10) { await host.isSynchronised }

        @Sendable func entries() async -> Int {
            guard let state = try? await api.room(code: room.code)?.state else { return 0 }
            return ([state.track].compactMap { $0 } + state.queue).reduce(0) { total, track in
                total + roomPairs.filter { track.match(for: $0.0, storefront: $0.1) != nil }.count
            }
        }
        let started = ContinuousClock.now
        try await host.apply(PlaybackEvent(event: .play, track: Self.songs[0], positionMs: 0, queue: Array(Self.songs[1...])))
        var after2s: Int?
        var allMatchedAfter: Duration?
        while ContinuousClock.now - started < .seconds(30), after2s == nil || allMatchedAfter == nil {
            let found = await entries()
            let elapsed = ContinuousClock.now - started
            if after2s == nil, elapsed >= .seconds(2) { after2s = found }
            if allMatchedAfter == nil, found == 11 * count { allMatchedAfter = elapsed }
            try await Task.sleep(for: .milliseconds(50))
        }

        // Ten skips right after the storm, each to a song not yet playing (songs 1 to 10).
        refused.withLock { $0 = 0 }
        var sent: [(id: String, at: ContinuousClock.Instant)] = []
        for skip in Array(1...10) {
            let track = Self.songs[skip % 11]
            sent.append((track.id, .now))
            try await host.apply(PlaybackEvent(event: .play, track: track, positionMs: 0, queue: Array(Self.songs[(skip % 11 + 1)...])))
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .milliseconds(500))
        let fanOut = sent.flatMap { skip in (0..<count).map { arrivals.firstSeen(listener: $0, trackId: skip.id).map { $0 - skip.at } } }
        return Row(
            pairs: count, entriesAfter2s: after2s ?? 0, allMatchedAfter: allMatchedAfter, dropped: await server.metric("simulcast_commits_dropped_total"),
            conflicts: await server.metric("simulcast_commit_conflicts_total"), refused: refused.withLock { $0 },
            skipFanOutP99: fanOut.contains { $0 == nil } ? nil : .seconds(Percentiles(fanOut.compactMap { $0?.inSeconds }).at(0.99)))
    }

    static func waitUntil(seconds: Double, _ condition: @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { throw BenchError("timed out after \(seconds) s") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
