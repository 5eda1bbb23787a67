import ArgumentParser
import CatalogCore
import Catalogs
import Foundation
import SimulcastCore
import TrackMatching

struct MatchEvalCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match-eval",
        abstract: "Measure a matching strategy on labelled cases (pick and pair formats).",
        discussion:
            "Pick cases count correct, wrong accepts (a different recording: the worst outcome) and misses, per category; pair cases give precision, recall and F1. Without --strategy both strategies run side by side. Pick cases without candidates search the --catalog file."
    )

    @Option(help: "JSON Lines of pick and/or pair cases.")
    var cases: String

    @Option(help: "Offline catalog (JSON Lines) for pick cases that carry no candidates.")
    var catalog: String?

    @Option(help: "The strategy to measure (default: both, side by side; with --json, simulcast).")
    var strategy: MatcherKind?

    @Flag(help: "Print only the result as JSON (of --strategy, simulcast unless given).")
    var json = false

    @Flag(help: "List every case answered wrongly, with the matcher's reasons.")
    var mistakes = false

    @Flag(help: "List every pick case's answer with the matcher's reasons.")
    var verbose = false

    @Flag(help: "For each category, turn off the picker's rules written only for it and measure its cases again.")
    var leaveOneCategoryOut = false

    func run() async throws {
        let loaded: [EvaluationCase]
        do { loaded = try EvaluationCase.load(try Data(contentsOf: URL(fileURLWithPath: cases))) } catch {
            throw ValidationError("cannot read \(cases): \(error)")
        }
        let searchCatalog = try catalog.map { try OfflineCatalog(service: .appleMusic, contentsOf: URL(fileURLWithPath: $0)) }
        let strategies = strategy.map { [$0] } ?? (json ? [.simulcast] : MatcherKind.allCases)
        var outcomes: [(MatcherKind, MatchEvaluation.Outcome)] = []
        for strategy in strategies {
            outcomes.append((strategy, await MatchEvaluation(strategy: strategy).run(loaded, searchCatalog: searchCatalog)))
        }
        if leaveOneCategoryOut {
            print("category                  rules written only for it        every rule (c/w/m)  without them (c/w/m)")
            for row in await MatchEvaluation(strategy: .simulcast).leaveOneCategoryOut(loaded) {
                let rules = row.disabled.isEmpty ? "(none)" : row.disabled.map(\.rawValue).joined(separator: ", ")
                func cell(_ c: MatchEvaluation.PickCounts) -> String { "\(c.correct)/\(c.wrongAccept)/\(c.missed) of \(c.total)" }
                print(
                    "\(row.category.padding(toLength: 25, withPad: " ", startingAt: 0)) \(rules.padding(toLength: 32, withPad: " ", startingAt: 0)) "
                        + "\(cell(row.withEveryRule).padding(toLength: 19, withPad: " ", startingAt: 0)) \(cell(row.withoutItsOwnRules))")
            }
            return
        }
        if json, let outcome = outcomes.first?.1 {
            struct Report: Encodable { var pick: MatchEvaluation.PickCounts?; var pair: MatchEvaluation.PairScores? }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try encoder.encode(Report(pick: outcome.pick, pair: outcome.pair)), as: UTF8.self))
            return
        }
        print("\(cases): \(loaded.count) cases")
        print("strategy    correct  wrong accept  missed  total   pair P / R / F1")
        for (strategy, outcome) in outcomes {
            let pick =
                outcome.pick.map { String(format: "%7d  %12d  %6d  %5d", $0.correct, $0.wrongAccept, $0.missed, $0.total) } ?? String(repeating: " ", count: 36)
            let pair = outcome.pair.map { String(format: "   %.3f / %.3f / %.3f (%d)", $0.precision, $0.recall, $0.f1, $0.total) } ?? ""
            print("\(strategy.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \(pick)\(pair)")
        }
        if let categories = outcomes.first?.1.byCategory.keys.sorted(), categories.count > 1 {
            print("\nper category (correct / wrong accept / missed of total)")
            for category in categories {
                let cells = outcomes.map { _, outcome -> String in
                    let c = outcome.byCategory[category] ?? .init()
                    return "\(c.correct)/\(c.wrongAccept)/\(c.missed) of \(c.total)".padding(toLength: 16, withPad: " ", startingAt: 0)
                }
                print("  \(category.padding(toLength: 24, withPad: " ", startingAt: 0)) \(cells.joined(separator: " "))")
            }
        }
        if verbose {
            for (strategy, outcome) in outcomes {
                print("\n\(strategy.rawValue) answers:")
                for answer in outcome.answers { print("  \(answer.id)\t\(answer.got ?? "none")\t\(answer.reason)") }
            }
        }
        if mistakes {
            for (strategy, outcome) in outcomes {
                print("\n\(strategy.rawValue) mistakes:")
                for mistake in outcome.mistakes {
                    print("  \(mistake.id): expected \(mistake.expected ?? "none"), got \(mistake.got ?? "none")  \(mistake.reason.prefix(200))")
                }
            }
        }
    }
}
