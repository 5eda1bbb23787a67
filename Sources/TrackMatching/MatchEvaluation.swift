import CatalogCore
import SimulcastCore

/// Scores a matching strategy on labelled cases: pick cases count correct, wrong accepts
/// (the worst outcome: a listener hears the wrong song) and misses; pair cases give
/// precision, recall and F1 of "same recording".
public struct MatchEvaluation: Sendable {
    public struct PickCounts: Codable, Sendable, Equatable {
        public var correct = 0
        public var wrongAccept = 0
        public var missed = 0
        public var total = 0

        public init() {}
    }

    public struct PairScores: Codable, Sendable, Equatable {
        public var precision: Double
        public var recall: Double
        public var f1: Double
        public var total: Int
    }

    public struct Outcome: Sendable {
        public var pick: PickCounts?
        public var byCategory: [String: PickCounts]
        public var pair: PairScores?
        /// Case id, what was expected, what was answered: for the cases not answered right.
        public var mistakes: [(id: String, expected: String?, got: String?, reason: String)]
        /// Every pick case's answer and reasons, for `--verbose`.
        public var answers: [(id: String, got: String?, reason: String)]
    }

    public let strategy: MatcherKind
    public var picker = CandidatePicker()
    /// Pairs are judged by the fitted model: pair records are often dirty, which the picker's gates are not built for.
    public var pairModel = LogisticModel.fittedPairModel

    public init(strategy: MatcherKind) { self.strategy = strategy }

    public func run(_ cases: [EvaluationCase], searchCatalog: OfflineCatalog?) async -> Outcome {
        var pick = PickCounts()
        var byCategory: [String: PickCounts] = [:]
        var truePositive = 0, falsePositive = 0, falseNegative = 0, pairs = 0
        var mistakes: [(String, String?, String?, String)] = []
        var answers: [(String, String?, String)] = []
        for item in cases {
            switch item {
            case .pick(let id, let category, let source, let candidates, let expected):
                let result: MatchResult
                if let candidates {
                    result = await decide(source, candidates: candidates)
                } else if let searchCatalog {
                    result = await matcher.match(source, in: searchCatalog, storefront: "us")
                } else {
                    continue
                }
                let got = result.isMatched ? result.track?.id : nil
                answers.append((id, got, result.reasons.joined(separator: "; ")))
                var counts = byCategory[category ?? "all", default: PickCounts()]
                pick.total += 1
                counts.total += 1
                if got == expected {
                    pick.correct += 1
                    counts.correct += 1
                } else {
                    if got != nil { pick.wrongAccept += 1; counts.wrongAccept += 1 } else { pick.missed += 1; counts.missed += 1 }
                    mistakes.append((id, expected, got, result.reasons.joined(separator: "; ")))
                }
                byCategory[category ?? "all"] = counts
            case .pair(let id, let a, let b, let same):
                pairs += 1
                let decided = strategy == .simulcast ? PairFeatures.decide(a, b, model: pairModel) : await decide(a, candidates: [b]).isMatched
                if decided && same { truePositive += 1 }
                if decided && !same { falsePositive += 1; mistakes.append((id, "different", "same", "")) }
                if !decided && same { falseNegative += 1; mistakes.append((id, "same", "different", "")) }
            }
        }
        var pairScores: PairScores?
        if pairs > 0 {
            let precision = truePositive + falsePositive == 0 ? 0 : Double(truePositive) / Double(truePositive + falsePositive)
            let recall = truePositive + falseNegative == 0 ? 0 : Double(truePositive) / Double(truePositive + falseNegative)
            let f1 = precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall)
            pairScores = PairScores(precision: precision, recall: recall, f1: f1, total: pairs)
        }
        return Outcome(pick: pick.total > 0 ? pick : nil, byCategory: byCategory, pair: pairScores, mistakes: mistakes, answers: answers)
    }

    var matcher: any TrackMatcher { strategy.make() }

    /// Candidates given: the seed searches them as a catalog (in their order, as search returned
    /// them); the picker judges them directly.
    func decide(_ source: TrackMetadata, candidates: [TrackMetadata]) async -> MatchResult {
        switch strategy {
        // As a match reads what a catalog found: a YouTube video as the song it carries.
        case .simulcast: return picker.pick(SimulcastMatcher.comparable(source), from: candidates.map(SimulcastMatcher.comparable))
        case .seed:
            let service = candidates.first?.service ?? MusicService(rawValue: "target")
            let catalog = OfflineCatalog(
                service: service,
                tracks: candidates.map {
                    var t = $0; t.service = service; return t
                })
            return await SeedMatcher().match(source, in: catalog, storefront: "us")
        }
    }

    /// One category's result with every rule, and with the rules written only for it off.
    public struct HeldOutCategory: Sendable {
        public var category: String
        public var disabled: [PickerRule]
        public var withEveryRule: PickCounts
        public var withoutItsOwnRules: PickCounts
    }

    /// The leave-one-category-out check: for each category, would the rules written for the
    /// others have decided its cases right?
    public func leaveOneCategoryOut(_ cases: [EvaluationCase]) async -> [HeldOutCategory] {
        var categories: [String: [EvaluationCase]] = [:]
        for item in cases {
            if case .pick(_, let category, _, let candidates, _) = item, candidates != nil { categories[category ?? "none", default: []].append(item) }
        }
        var result: [HeldOutCategory] = []
        for (category, items) in categories.sorted(by: { $0.key < $1.key }) {
            let disabled = PickerRule.writtenOnly(for: category)
            var without = self
            without.picker.rules.subtract(disabled)
            let all = await run(items, searchCatalog: nil).pick ?? PickCounts()
            let held = await without.run(items, searchCatalog: nil).pick ?? PickCounts()
            result.append(
                HeldOutCategory(category: category, disabled: disabled.sorted { $0.rawValue < $1.rawValue }, withEveryRule: all, withoutItsOwnRules: held))
        }
        return result
    }
}
