import Foundation
import SimulcastCore
import Testing

/// `SteppedTimeReader` against scripted embedded players whose true position is known: the
/// estimate must converge on the truth from posts 250 ms apart, an ad or a stall must read
/// as waiting (never as playing), a seek must start the bounds afresh. Each script's readings
/// and answers are the table `Tests/Fixtures/stepped-time-readings.json`, which the listener
/// page's `stepped-time.js` must reproduce under node. `SIMULCAST_UPDATE_SNAPSHOTS=1`
/// rewrites it after a deliberate change.
@Suite struct SteppedTimeReaderTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stepped-time-readings.json")

    @Test func theEstimateConvergesOnTheTruthBetweenPosts() throws {
        let script = SteppedTimeScript.steady
        for step in script.record().steps where step.op == "read" && step.at >= 2_400 {
            let truth = try #require(step.truthMs)
            #expect(step.expect?.playing == true, "at \(step.at)")
            #expect(abs((step.expect?.positionMs ?? 0) - truth) <= 15, "at \(step.at): \(step.expect?.positionMs ?? 0) against \(truth)")
        }
        // One reading alone is up to a post behind: the bounds are what make it precise.
        let raw = script.record().steps.filter { $0.op == "read" && $0.at >= 2_400 }.map { abs(($0.seconds ?? 0) * 1000 - ($0.truthMs ?? 0)) }
        #expect(raw.max() ?? 0 > 100)
    }

    @Test func anAdOrAStallIsWaitingNeverPlaying() throws {
        for script in [SteppedTimeScript.preRollAd, .stall] {
            let reads = script.record().steps.filter { $0.op == "read" }
            let still = try #require(script.stillWindowMs)
            // The stall shows at the first post that repeats (up to a post and a reading late).
            for step in reads where step.at > still.lowerBound + SteppedTimeReader.stillMs + 350 && step.at < still.upperBound {
                #expect(step.expect?.waiting == true, "\(script.name) at \(step.at)")
                #expect(step.expect?.playing == false, "\(script.name) at \(step.at)")
            }
            // Once the time moves again it plays, and converges.
            for step in reads where step.at >= still.upperBound + 2_000 {
                #expect(step.expect?.playing == true, "\(script.name) at \(step.at)")
                #expect(step.expect?.waiting == false)
                #expect(abs((step.expect?.positionMs ?? 0) - (step.truthMs ?? 0)) <= 15, "\(script.name) at \(step.at)")
            }
        }
    }

    @Test func aSeekStartsTheBoundsAfresh() throws {
        let reads = SteppedTimeScript.seek.record().steps.filter { $0.op == "read" }
        // Right after the seek lands the estimate is at the new place, not carried from the old.
        for step in reads where step.at >= 5_000 {
            if step.expect?.playing == true { #expect(abs((step.expect?.positionMs ?? 0) - (step.truthMs ?? 0)) <= 260, "at \(step.at)") }
        }
        for step in reads where step.at >= 7_000 {
            #expect(abs((step.expect?.positionMs ?? 0) - (step.truthMs ?? 0)) <= 15, "at \(step.at)")
        }
    }

    @Test func pausedAndBufferingAreNotPlaying() {
        let reads = SteppedTimeScript.paused.record().steps.filter { $0.op == "read" }
        #expect(reads.allSatisfy { $0.expect?.playing == false && $0.expect?.waiting == false })
        #expect(reads.contains { $0.expect?.loading == true }, "buffering reads as loading")
        #expect(reads.last?.expect?.positionMs == 42_000)
    }

    @Test func swiftReproducesTheTable() throws {
        let scripts = SteppedTimeScript.all.map { $0.record() }
        if ProcessInfo.processInfo.environment["SIMULCAST_UPDATE_SNAPSHOTS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try encoder.encode(scripts).write(to: Self.file)
        }
        let table = try JSONDecoder().decode([SteppedTimeScript.Recorded].self, from: Data(contentsOf: Self.file))
        #expect(table == scripts)
        #expect(table.count >= 5)
    }

    @Test(.enabled(if: NodeScript.node != nil, "needs node"))
    func steppedTimeJSReproducesTheTable() throws {
        let (status, output) = try NodeScript.run("stepped-time.js", Self.file.path)
        #expect(status == 0, "stepped-time.js differs from SteppedTimeReader:\n\(output)")
        #expect(output.contains("readings agree"))
    }
}
