import Foundation
import SimulcastTesting
import Testing

/// scripts/test-watchdog.py, which runs each pass of scripts/test.sh: a command past its
/// budget is stopped and the tests it left running are named; one within it keeps its status.
@Suite struct TestWatchdogTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/test-watchdog.py").path

    static func run(budget: Int, _ shell: String) async throws -> (status: Int32, output: String) {
        let folder = try TemporaryFolder(prefix: "simulcast-watchdog")
        let child = try ChildProcess(
            "/usr/bin/env", ["python3", Self.script, "--budget", "\(budget)", "--", "bash", "-c", shell], logPath: folder.file("out.log"))
        defer { child.stop() }
        #expect(await Poll.until(timeout: .seconds(60)) { !child.process.isRunning }, "the watchdog itself did not end")
        return (child.process.terminationStatus, try String(contentsOfFile: folder.file("out.log"), encoding: .utf8))
    }

    @Test func aRunPastItsBudgetIsStoppedWithTheTestsStillRunning() async throws {
        let (status, output) = try await Self.run(
            budget: 1,
            #"echo "◇ Test waitsForEver() started."; echo "◇ Test quick() started."; echo "✔ Test quick() passed after 0.1 seconds."; sleep 120"#)
        #expect(status == 124)
        #expect(output.contains("passed its budget of 1 s"), "\(output)")
        #expect(output.contains("   waitsForEver() (for"), "\(output)")
        #expect(!output.contains("   quick()"), "\(output)")
    }

    @Test func aRunWithinItsBudgetKeepsItsOwnStatus() async throws {
        let (status, output) = try await Self.run(budget: 60, "echo fine; exit 3")
        #expect(status == 3)
        #expect(output == "fine\n")
    }
}
