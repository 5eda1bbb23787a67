import Foundation
import SimulcastTesting
import Testing

/// `simulcast <command> --help` as a user sees it, against the text kept in `Help/`: a
/// changed option, default or value list shows up in review. After a deliberate change,
/// `SIMULCAST_UPDATE_SNAPSHOTS=1 swift test --filter HelpSnapshotTests` rewrites them.
@Suite struct HelpSnapshotTests {
    static let commands = ["", "demo", "serve", "setup", "doctor", "host", "listen", "match", "match-eval", "match-fit", "correct", "login", "fingerprint"]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Help")

    @Test(arguments: commands)
    func helpMatchesItsSnapshot(command: String) throws {
        let executable = try #require(BuiltExecutable.simulcast, "build the CLI first: swift build --build-tests")
        let help = try Self.run(executable, arguments: (command.isEmpty ? [] : [command]) + ["--help"])
        let file = Self.folder.appendingPathComponent("\(command.isEmpty ? "simulcast" : command).txt")
        if ProcessInfo.processInfo.environment["SIMULCAST_UPDATE_SNAPSHOTS"] == "1" {
            try help.write(to: file, atomically: true, encoding: .utf8)
        }
        let snapshot = try String(contentsOf: file, encoding: .utf8)
        #expect(help == snapshot, "simulcast \(command) --help changed; review it and update Tests/CLITests/Help")
    }

    @Test func anUnknownChoiceIsRefusedWithTheValuesListed() throws {
        let executable = try #require(BuiltExecutable.simulcast, "build the CLI first: swift build --build-tests")
        let (status, output) = try Self.runStatus(executable, arguments: ["demo", "--matcher", "nonsense"])
        #expect(status != 0)
        #expect(output.contains("nonsense"))
        #expect(output.contains("simulcast") && output.contains("seed"))
    }

    static func run(_ executable: URL, arguments: [String]) throws -> String {
        let (status, output) = try runStatus(executable, arguments: arguments)
        guard status == 0 else { throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: output]) }
        return output
    }

    /// Runs the CLI and returns its status and everything it printed. `environment`: replaces
    /// the test process's own (nil: the test process's, with the help's width fixed).
    static func runStatus(_ executable: URL, arguments: [String], environment: [String: String]? = nil) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        // The parser wraps help to the terminal's width; a pipe has none, so fix it.
        var inherited = ProcessInfo.processInfo.environment
        inherited["COLUMNS"] = "100"
        process.environment = environment ?? inherited
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
