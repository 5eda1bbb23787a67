import ArgumentParser
import Foundation
import SimulcastCore

/// `simulcast-bench sync`: the deterministic simulator, Simulcast against the seed's method.
struct SyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Simulate a listening session in virtual time and measure sync error, Simulcast against the seed's method.")

    @Option(help: "Preset: wan or lan.")
    var scenario = "wan"
    @Option(help: "One-way network delay, ms.") var delayMs: Double?
    @Option(help: "Jitter on the delay, ± ms.") var jitterMs: Double?
    @Option(help: "Share of messages lost (each costs a TCP retransmission).") var loss: Double?
    @Option(help: "Clock offsets up to ± this, ms.") var clockOffsetMs: Double?
    @Option(help: "Clock (and audio) drift up to ± this, ppm.") var driftPpm: Double?
    @Option(help: "Player start latency, ms.") var startLatencyMs: Double?
    @Option(help: "Jitter on the start latency, ± ms.") var startJitterMs: Double?
    @Option(help: "Player seek latency, ms.") var seekLatencyMs: Double?
    @Option(help: "Jitter on the seek latency, ± ms.") var seekJitterMs: Double?
    @Option(help: "Tracks in the session.") var tracks: Int?
    @Option(help: "Random seed.") var seed: UInt64?
    @Option(help: "Write an SVG plot of error over time here.") var svg: String?
    @Flag(help: "Print only the JSON summary.") var json = false

    func run() async throws {
        var setup: SyncScenario
        switch scenario {
        case "wan": setup = .wan
        case "lan": setup = .lan
        default: throw ValidationError("--scenario is wan or lan")
        }
        if let delayMs { setup.delayMs = delayMs }
        if let jitterMs { setup.jitterMs = jitterMs }
        if let loss { setup.loss = loss }
        if let clockOffsetMs { setup.clockOffsetMs = clockOffsetMs }
        if let driftPpm { setup.driftPPM = driftPpm }
        if let startLatencyMs { setup.startLatencyMs = startLatencyMs }
        if let startJitterMs { setup.startJitterMs = startJitterMs }
        if let seekLatencyMs { setup.seekLatencyMs = seekLatencyMs }
        if let seekJitterMs { setup.seekJitterMs = seekJitterMs }
        if let tracks { setup.tracks = tracks }
        if let seed { setup.seed = seed }

        var simulation = SyncSimulation(scenario: setup)
        let (simulcast, seedMethod) = simulation.run()
        let ours = Summary(simulcast)
        let theirs = Summary(seedMethod)
        if let svg {
            try SyncPlot.svg(
                simulcast: simulcast.trace, seed: seedMethod.trace,
                title: "\(scenario): \(setup.delayMs) ± \(setup.jitterMs) ms one way, \(setup.tracks) tracks"
            ).write(toFile: svg, atomically: true, encoding: .utf8)
        }
        if json {
            let object: [String: [String: Double]] = ["simulcast": ours.dictionary, "seed": theirs.dictionary]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print(
            "scenario \(scenario): one-way delay \(setup.delayMs) ± \(setup.jitterMs) ms, loss \(setup.loss), clocks ± \(setup.clockOffsetMs) ms and ± \(setup.driftPPM) ppm,"
        )
        print(
            "start \(setup.startLatencyMs) ± \(setup.startJitterMs) ms, seek \(setup.seekLatencyMs) ± \(setup.seekJitterMs) ms, \(setup.tracks) tracks, \(setup.listeners) listeners, seed \(setup.seed)\n"
        )
        print("method      p50 ms   p95 ms   p99 ms   corrections/track   samples")
        for (name, summary) in [("simulcast", ours), ("seed", theirs)] {
            print(
                String(
                    format: "%@ %8.1f %8.1f %8.1f %19.2f %9d", name.padding(toLength: 10, withPad: " ", startingAt: 0), summary.p50, summary.p95, summary.p99,
                    summary.correctionsPerTrack, summary.samples))
        }
        if let svg { print("\nplot: \(svg)") }
    }

    struct Summary {
        var p50: Double, p95: Double, p99: Double, correctionsPerTrack: Double, samples: Int

        init(_ result: SyncSimulation.Result) {
            let percentiles = Percentiles(result.errorsMs)
            p50 = (percentiles.at(0.5) * 10).rounded() / 10
            p95 = (percentiles.at(0.95) * 10).rounded() / 10
            p99 = (percentiles.at(0.99) * 10).rounded() / 10
            correctionsPerTrack = result.trackStarts == 0 ? 0 : (Double(result.corrections) / Double(result.trackStarts) * 100).rounded() / 100
            samples = result.errorsMs.count
        }

        var dictionary: [String: Double] { ["p50": p50, "p95": p95, "p99": p99, "correctionsPerTrack": correctionsPerTrack] }
    }
}
