import ArgumentParser
import Foundation
import SimulcastCore
import SyncSimulator

/// `simulcast-bench host-source`: how far the room's view of the host is from the host's own
/// player, for each way of reading the player, in virtual time (the same figures in any build).
struct HostSourceBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host-source",
        abstract: "Simulate a host's player read by each host source and measure the room's error against the player (virtual time).")

    @Option(help: "Sources: \(HostSourceSimulation.Source.allCases.map(\.rawValue).joined(separator: ", ")); all when not given.")
    var source: [HostSourceSimulation.Source] = []
    @Option(help: "Tracks in the session.") var tracks = 20
    @Option(help: "Random seeds, one run each.") var seed: [UInt64] = [1, 2, 3]
    @Option(help: "Override the time before the app reads its position, ms (a value or a range such as 30-80).") var startupMs: MillisecondRange?
    @Option(help: "Override the time from the reading to the answer, ms.") var answerMs: MillisecondRange?
    @Flag(help: "The Mac sources keep each answer's whole span, without measuring osascript's start-up first (the first version).")
    var wholeSpan = false
    @Flag(help: "Print JSON lines instead of a table.") var json = false

    func run() async throws {
        let sources = source.isEmpty ? HostSourceSimulation.Source.allCases : source
        if !json { print("source            seed  tracks  questions  p50 ms  p95 ms  p99 ms  out of step") }
        for source in sources {
            for seed in seed {
                var setup = HostSourceSimulation.Setup(source: source)
                setup.tracks = tracks
                setup.seed = seed
                if let startupMs { setup.startupMs = startupMs.range }
                if let answerMs { setup.answerMs = answerMs.range }
                if wholeSpan { setup.measuresStartup = false }
                let report = await HostSourceSimulation.run(setup)
                if json {
                    print(String(decoding: try JSONEncoder().encode(report), as: UTF8.self))
                } else {
                    let name = report.source.padding(toLength: 17, withPad: " ", startingAt: 0)
                    print(
                        name
                            + String(
                                format: " %4d  %6d  %9d  %6.1f  %6.1f  %6.1f  %9.2f %%", Int(seed), report.tracks, report.questions, report.errorP50Ms,
                                report.errorP95Ms, report.errorP99Ms, report.outOfStepPercent))
                }
            }
        }
    }
}

extension HostSourceSimulation.Source: ExpressibleByArgument {}
