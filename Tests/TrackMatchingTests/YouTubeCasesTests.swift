import Foundation
import Testing
import TrackMatching

/// Issue 53: 59 cases built from recorded YouTube Data API search pages and from issue
/// reports of other tools' YouTube mismatches (Tests/Fixtures/matching/README.md says where
/// each comes from). The matcher may miss a song, never play a wrong one.
@Suite struct YouTubeCasesTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/matching/youtube-cases.jsonl")

    @Test func noWrongVideoIsAccepted() async throws {
        let cases = try EvaluationCase.load(try Data(contentsOf: Self.file))
        #expect(cases.count >= 40)
        let outcome = await MatchEvaluation(strategy: .simulcast).run(cases, searchCatalog: nil)
        let pick = try #require(outcome.pick)
        #expect(pick.wrongAccept == 0, "wrong accepts: \(outcome.mistakes.map(\.id))")
        #expect(pick.correct >= 55, "missed: \(outcome.mistakes.map(\.id))")
    }

    /// The seed's first-result method on the same cases: what the set catches.
    @Test func theSeedsMethodPlaysWrongVideos() async throws {
        let cases = try EvaluationCase.load(try Data(contentsOf: Self.file))
        let pick = try #require(await MatchEvaluation(strategy: .seed).run(cases, searchCatalog: nil).pick)
        #expect(pick.wrongAccept >= 10)
    }
}
