import Foundation
import Testing

/// Issue 25: the web page's calibration (`calibration.js`) on synthetic recordings under
/// node: every delay from 0 to 500 ms found within ±5 ms, clean, with 10 dB noise and a room
/// echo, and clipped; recordings without the clicks refused.
@Suite struct CalibrationTableTests {
    struct Row: Decodable {
        struct Result: Decodable {
            var roundTripMs: Double?
            var outputLatencyMs: Double?
            var confidence: Double?
            var refused: String?
        }
        var name: String
        var delayMs: Double?
        var expectRefusal: Bool
        var inputLatencyMs: Double
        var result: Result
    }

    @Test(.enabled(if: NodeScript.node != nil, "needs node"))
    func everyDelayIsFoundAndRecordingsWithoutClicksAreRefused() throws {
        let (status, output) = try NodeScript.run("calibration-table.js")
        #expect(status == 0, "\(output)")
        let rows = try output.split(separator: "\n").map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
        #expect(rows.count == 30)
        for row in rows {
            if row.expectRefusal {
                #expect(row.result.refused != nil, "\(row.name): found \(row.result.roundTripMs ?? .nan) ms in a recording without clicks")
                continue
            }
            let delay = try #require(row.delayMs)
            guard let found = row.result.roundTripMs, let output = row.result.outputLatencyMs, let confidence = row.result.confidence else {
                Issue.record("\(row.name): refused (\(row.result.refused ?? "?"))")
                continue
            }
            #expect(abs(found - delay) <= 5, "\(row.name): found \(found) ms")
            #expect(abs(output - max(0, delay - row.inputLatencyMs)) <= 5, "\(row.name): output latency \(output) ms")
            #expect(confidence >= 0.3, "\(row.name): confidence \(confidence)")
        }
    }
}
