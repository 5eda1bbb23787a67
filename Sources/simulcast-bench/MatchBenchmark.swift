import ArgumentParser
import CatalogCore
import Catalogs
import Foundation
import RoomStorage
import Rooms
import SimulcastClient
import SimulcastCore
import SimulcastServer
import TerminalUI
import TrackMatching

/// Match latency and throughput against a large offline catalog, cold and cached, for the
/// simulcast strategy and the seed's, with accuracy on queries whose answer is known.
struct MatchBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match", abstract: "Match latency and throughput on a catalog of 100,000+ tracks, cold and cached.")

    @Option(help: "The shared matching data folder.")
    var data = "../shared/matching"

    @Option(help: "Tracks in the generated catalog.")
    var tracks = 100_000

    @Option(help: "Match queries to time.")
    var queries = 400

    @Option(help: "Random seed for the generated variants.")
    var seed: UInt64 = 7

    @Flag(help: "List the wrong answers.")
    var mistakes = false

    func run() async throws {
        var generator = BenchGenerator(seed: seed)
        let real = try loadRealTracks()
        let progress = ProgressBar("building catalog", total: tracks)
        let catalogTracks = generator.catalog(from: real, size: tracks) { progress.update($0) }
        let started = ContinuousClock.now
        let catalog = OfflineCatalog(service: .appleMusic, tracks: catalogTracks)
        let indexSeconds = (ContinuousClock.now - started).inSeconds
        let workload = generator.queries(from: real, count: queries)
        print(
            "catalog: \(catalogTracks.count) tracks (\(real.count) real, the rest generated variants and decoys), indexed in \(String(format: "%.2f", indexSeconds)) s"
        )
        print(
            "queries: \(workload.count) real records as another service would send them (remaster suffixes, durations up to 0.9 s off, no album or duration, no ISRC), each with a known answer\n"
        )
        print("strategy    p50 ms   p99 ms   matches/s   correct  same recording, other release  wrong accept  missed")
        for (name, matcher) in [("simulcast", SimulcastMatcher() as any TrackMatcher), ("seed", SeedMatcher() as any TrackMatcher)] {
            var latencies: [Double] = []
            var correct = 0, twin = 0, wrong = 0, missed = 0
            let bar = ProgressBar("  \(name)", total: workload.count)
            let runStarted = ContinuousClock.now
            for (index, query) in workload.enumerated() {
                let t0 = ContinuousClock.now
                let result = await matcher.match(query.source, in: catalog, storefront: "us")
                latencies.append((ContinuousClock.now - t0).inSeconds * 1_000_000)
                let got = result.isMatched ? result.track?.id : nil
                let expectedISRC = catalogTracks.first { $0.id == query.expected }?.isrc
                if got == query.expected {
                    correct += 1
                } else if got == nil {
                    missed += 1
                } else if expectedISRC != nil, result.track?.isrc == expectedISRC {
                    twin += 1
                } else {
                    wrong += 1
                }
                if mistakes, got != query.expected {
                    let wanted = catalogTracks.first { $0.id == query.expected }
                    FileHandle.standardError.write(
                        Data(
                            "\n\(name): \(query.source.displayName) [\(query.source.album ?? "-")] \(query.source.durationMs ?? 0) -> \(result.track.map { "\($0.id) \($0.displayName) [\($0.album ?? "-")] \($0.durationMs ?? 0)" } ?? "none"); wanted \(wanted.map { "\($0.displayName) [\($0.album ?? "-")] \($0.durationMs ?? 0)" } ?? "?") \(result.method)\n"
                                .utf8))
                }
                bar.update(index + 1)
            }
            let total = (ContinuousClock.now - runStarted).inSeconds
            let p = Percentiles(latencies)
            print(
                String(
                    format: "%@ %8.3f %8.3f %11.0f %9d %30d %13d %7d", name.padding(toLength: 10, withPad: " ", startingAt: 0), p.at(0.5) / 1000,
                    p.at(0.99) / 1000, Double(workload.count) / total, correct, twin, wrong, missed))
        }

        // Cached: what the server does for a track it has matched before.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-bench-\(UUID().uuidString).sqlite").path
        let store = try await SQLiteRoomStore.open(path: path, clock: SystemClock())
        let memory = InMemoryRoomStore(clock: SystemClock())
        let result = MatchResult.matched(catalogTracks[0], confidence: 0.9, method: MatchMethod(.simulcast), reasons: ["same title", "same artist"])
        let keys = workload.indices.map { MatchCacheKey(sourceService: .spotify, sourceId: "bench-\($0)", targetService: .appleMusic, storefront: "us") }
        for key in keys {
            try await store.cacheMatch(result, for: key, expiresAt: ServerTime(micros: .max))
            try await memory.cacheMatch(result, for: key, expiresAt: ServerTime(micros: .max))
        }
        print("\ncached match look-up      p50 ms   p99 ms")
        for (name, cache) in [("SQLite (server default)", store as any RoomStore), ("in memory", memory as any RoomStore)] {
            var latencies: [Double] = []
            for _ in 0..<5 {
                for key in keys {
                    let t0 = ContinuousClock.now
                    _ = try await cache.cachedMatch(for: key, now: 0)
                    latencies.append((ContinuousClock.now - t0).inSeconds * 1_000_000)
                }
            }
            let p = Percentiles(latencies)
            print(String(format: "%@ %8.3f %8.3f", name.padding(toLength: 24, withPad: " ", startingAt: 0), p.at(0.5) / 1000, p.at(0.99) / 1000))
        }
        try await store.close()
        try? FileManager.default.removeItem(atPath: path)
    }

    func loadRealTracks() throws -> [TrackMetadata] {
        let url = URL(fileURLWithPath: data).appendingPathComponent("catalog-apple-music-2017.jsonl")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("\(url.path) not found; run from the repository with ../shared beside it, or pass --data")
        }
        return try OfflineCatalog(service: .appleMusic, contentsOf: url).entries.map(\.track)
    }
}
