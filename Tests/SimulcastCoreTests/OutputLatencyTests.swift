import Foundation
import SimulcastCore
import Testing

/// Where a device's output latency comes from, in order: given now, remembered, the
/// platform's report, else zero and "not measured".
@Suite struct OutputLatencyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var given: Double?
        var remembered: Double?
        var platform: Double?
        var expected: OutputLatency
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing known", expected: OutputLatency(milliseconds: 0, source: .notCalibrated)),
        Case(name: "the platform's report", platform: 42.5, expected: OutputLatency(milliseconds: 42.5, source: .platform)),
        Case(name: "remembered beats the platform", remembered: 210, platform: 42.5, expected: OutputLatency(milliseconds: 210, source: .remembered)),
        Case(name: "given beats everything", given: 180, remembered: 210, platform: 42.5, expected: OutputLatency(milliseconds: 180, source: .set)),
        Case(name: "a given zero is a choice", given: 0, remembered: 210, expected: OutputLatency(milliseconds: 0, source: .set)),
        Case(name: "a negative offset may be set", given: -120, expected: OutputLatency(milliseconds: -120, source: .set)),
        Case(name: "a negative platform report is not one", platform: -5, expected: OutputLatency(milliseconds: 0, source: .notCalibrated)),
        Case(name: "nonsense given is skipped", given: 90_000, remembered: 210, expected: OutputLatency(milliseconds: 210, source: .remembered)),
        Case(name: "not a number is skipped", given: .nan, platform: 30, expected: OutputLatency(milliseconds: 30, source: .platform)),
    ]

    @Test(arguments: cases) func choose(_ c: Case) {
        #expect(OutputLatency.choose(given: c.given, remembered: c.remembered, platform: c.platform) == c.expected)
    }

    /// The page's output-latency.js makes the same choice and says it the same way.
    @Test(.enabled(if: NodeScript.node != nil, "needs node"))
    func thePageChoosesAlike() throws {
        func json(_ value: Double?) -> Any { value.map { $0.isNaN ? "NaN" as Any : $0 as Any } ?? NSNull() }
        let input = Self.cases.map { ["given": json($0.given), "remembered": json($0.remembered), "platform": json($0.platform)] }
        let (status, output) = try NodeScript.run("output-latency.js", String(decoding: try JSONSerialization.data(withJSONObject: input), as: UTF8.self))
        #expect(status == 0, "\(output)")
        struct Answer: Decodable {
            var milliseconds: Double
            var source: String
            var description: String
        }
        let answers = try JSONDecoder().decode([Answer].self, from: Data(output.utf8))
        #expect(answers.count == Self.cases.count)
        for (answer, c) in zip(answers, Self.cases) {
            #expect(answer.milliseconds == c.expected.milliseconds, "\(c.name)")
            #expect(answer.source == c.expected.source.rawValue, "\(c.name)")
            #expect(answer.description == c.expected.description, "\(c.name)")
        }
    }

    @Test func itSaysWhereTheFigureCameFrom() {
        #expect(OutputLatency(milliseconds: 220, source: .set).description == "220 ms (set by you)")
        #expect(OutputLatency(milliseconds: 0, source: .notCalibrated).description == "0 ms (not measured)")
        #expect(OutputLatency(milliseconds: 34.6, source: .platform).description == "35 ms (reported by the sound system)")
    }
}
