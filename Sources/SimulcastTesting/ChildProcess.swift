import Foundation

/// A program the test starts and always stops (SIGTERM, then SIGKILL), its output kept in a
/// file so a failing test can say what the program said.
public final class ChildProcess: @unchecked Sendable {
    public let process = Process()
    public let logPath: String
    let name: String

    public init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], logPath: String) throws {
        name = (executable as NSString).lastPathComponent
        self.logPath = logPath
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        process.environment = merged
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    /// The last lines the program wrote, to say in a failure.
    public var tail: String {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return "\(name): " + text.split(separator: "\n").suffix(8).joined(separator: "\n")
    }

    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        var status: Int32 = 0
        waitpid(process.processIdentifier, &status, 0)
    }

    deinit { stop() }
}
