import Foundation
import Testing
import TrackMatching

/// The 35 cases in Tests/Fixtures/matching, written before the issue-15 rules: the matcher
/// must accept no wrong recording on any of them, and get at least 33 right.
@Suite struct OwnHardCasesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/matching/own-hard-cases.jsonl")

    @Test func noWrongAcceptsOnOurOwnHardCases() async throws {
        let cases = try EvaluationCase.load(try Data(contentsOf: Self.file))
        #expect(cases.count >= 30)
        let outcome = await MatchEvaluation(strategy: .simulcast).run(cases, searchCatalog: nil)
        let pick = try #require(outcome.pick)
        #expect(pick.wrongAccept == 0, "wrong accepts: \(outcome.mistakes.map(\.id))")
        #expect(pick.correct >= pick.total - 2, "missed: \(outcome.mistakes.map(\.id))")
    }

    /// The seed's method on the same cases: the comparison the benchmark reports, and proof
    /// that the cases are hard (it must get many wrong).
    @Test func theSeedsMethodFailsThem() async throws {
        let cases = try EvaluationCase.load(try Data(contentsOf: Self.file))
        let pick = try #require(await MatchEvaluation(strategy: .seed).run(cases, searchCatalog: nil).pick)
        #expect(pick.wrongAccept >= 10)
    }
}

/// The leave-one-category-out check itself: turning off the rules written for covers must
/// bring back the wrong accepts they fixed, and every category is clean with every rule.
@Suite struct LeaveOneCategoryOutTests {
    @Test func turningOffACategorysOwnRulesShowsWhatTheyDo() async throws {
        let cases = try EvaluationCase.load(try Data(contentsOf: OwnHardCasesTests.file))
        let table = await MatchEvaluation(strategy: .simulcast).leaveOneCategoryOut(cases)
        #expect(table.allSatisfy { $0.withEveryRule.wrongAccept == 0 })
        let covers = try #require(table.first { $0.category == "karaoke-cover" })
        #expect(Set(covers.disabled) == [.coverMarkers, .unknownArtistProof])
        #expect(covers.withoutItsOwnRules.wrongAccept > 0)
    }

    @Test func onlyRulesWrittenForOneCategoryAloneAreTurnedOff() {
        #expect(PickerRule.writtenOnly(for: "feat") == [.creditVersions])
        #expect(PickerRule.writtenOnly(for: "remix").isEmpty)
    }
}
