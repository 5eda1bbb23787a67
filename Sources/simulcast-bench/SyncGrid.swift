import Foundation
import SyncSimulator

/// `sync --grid`: the session on every cell of a grid of networks and players, each cell a
/// fresh seed, so the follow policy is judged across conditions rather than tuned to one.
struct SyncGrid {
    let base: SyncScenario

    static let delaysMs = [2.0, 50, 200]
    static let jittersMs = [0.0, 30, 100]
    static let losses = [0.0, 0.05]
    static let driftsPPM = [0.0, 150]
    /// (latency, ± jitter) in ms.
    static let starts = [(300.0, 150.0), (800, 400)]
    static let seeks = [(120.0, 60.0), (250, 150)]

    struct Cell: Encodable {
        var delayMs: Double
        var jitterMs: Double
        var loss: Double
        var driftPPM: Double
        var startMs: String
        var seekMs: String
        var steadyP95: Double
        var transitionNaturalP95: Double
        var correctionsPerTrack: Double
        var seedSteadyP95: Double
    }

    /// Every combination, delay varying slowest and seek fastest (cell i runs with seed + i).
    var scenarios: [SyncScenario] {
        var all = [base]
        func vary(_ values: [Double], _ set: @escaping (inout SyncScenario, Double) -> Void) {
            all = all.flatMap { scenario in
                values.map { value in
                    var s = scenario; set(&s, value); return s
                }
            }
        }
        vary(Self.delaysMs) { $0.delayMs = $1 }
        vary(Self.jittersMs) { $0.jitterMs = $1 }
        vary(Self.losses) { $0.loss = $1 }
        vary(Self.driftsPPM) { $0.driftPPM = $1 }
        all = all.flatMap { scenario in
            Self.starts.map {
                var s = scenario; (s.startLatencyMs, s.startJitterMs) = $0; return s
            }
        }
        all = all.flatMap { scenario in
            Self.seeks.map {
                var s = scenario; (s.seekLatencyMs, s.seekJitterMs) = $0; return s
            }
        }
        return all
    }

    func run(json: Bool) async throws {
        var cells: [Cell] = []
        for (offset, scenario) in scenarios.enumerated() {
            var scenario = scenario
            scenario.seed = base.seed &+ UInt64(offset)
            let (ours, theirs) = try await SessionSimulation(scenario: scenario).run()
            let report = ours.report
            cells.append(
                Cell(
                    delayMs: scenario.delayMs, jitterMs: scenario.jitterMs, loss: scenario.loss, driftPPM: scenario.driftPPM,
                    startMs: "\(Int(scenario.startLatencyMs))±\(Int(scenario.startJitterMs))",
                    seekMs: "\(Int(scenario.seekLatencyMs))±\(Int(scenario.seekJitterMs))",
                    steadyP95: report.steady.p95, transitionNaturalP95: report.transition["naturalEnd"]?.p95 ?? 0,
                    correctionsPerTrack: report.correctionsPerTrack, seedSteadyP95: theirs.report.steady.p95))
            if !json { FileHandle.standardError.write(Data("\rcells: \(cells.count)".utf8)) }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(cells), as: UTF8.self))
            return
        }
        let failing = cells.filter { $0.steadyP95 > 60 || $0.correctionsPerTrack > 3 }
        print("\n\(cells.count) cells, \(base.tracks) tracks each; \(failing.count) over steady p95 60 ms or 3 corrections per track")
        print("| delay ms | jitter ± ms | loss | drift ppm | start ms | seek ms | steady p95 ms | natural-end transition p95 ms | corrections/track |")
        print("|---|---|---|---|---|---|---|---|---|")
        let worst = cells.sorted { ($0.steadyP95, $0.correctionsPerTrack) > ($1.steadyP95, $1.correctionsPerTrack) }.prefix(10)
        for cell in worst {
            print(
                "| \(Int(cell.delayMs)) | \(Int(cell.jitterMs)) | \(cell.loss) | \(Int(cell.driftPPM)) | \(cell.startMs) | \(cell.seekMs) | \(cell.steadyP95) | \(cell.transitionNaturalP95) | \(cell.correctionsPerTrack) |"
            )
        }
        let mostCorrections = cells.max { $0.correctionsPerTrack < $1.correctionsPerTrack }
        if let mostCorrections {
            print(
                "most corrections: \(mostCorrections.correctionsPerTrack) per track (delay \(mostCorrections.delayMs), jitter \(mostCorrections.jitterMs), seek \(mostCorrections.seekMs))"
            )
        }
    }
}
