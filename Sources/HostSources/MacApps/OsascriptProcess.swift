import Foundation

/// Runs AppleScript with the system's `osascript`, one process a question: it starts in tens
/// of milliseconds, and the source keeps each answer's whole span (from starting the process
/// to its exit) as the reading's uncertainty. Found on `PATH`, so a test can put its own first.
public struct OsascriptProcess: AppleScriptRunner {
    public let executable: URL
    /// A question the app does not answer in this time is given up (the app hung).
    public var timeout: Duration

    public init(executable: URL, timeout: Duration = .seconds(10)) {
        self.executable = executable
        self.timeout = timeout
    }

    /// `osascript` as `PATH` finds it.
    public static func onPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> OsascriptProcess {
        let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("osascript")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return OsascriptProcess(executable: candidate) }
        }
        throw MacAppError.osascriptNotFound
    }

    public func run(_ lines: [String]) async throws -> AppleScriptOutput {
        let process = Process()
        process.executableURL = executable
        process.arguments = lines.flatMap { ["-e", $0] }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let (exits, exited) = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { finished in
            exited.yield(finished.terminationStatus)
            exited.finish()
        }
        do { try process.run() } catch { throw MacAppError.couldNotStart("\(error)") }
        let limit = timeout
        // True when it had to stop the process; cancelled (false) once the process ends.
        let watchdog = Task { () -> Bool in
            do { try await Task.sleep(for: limit) } catch { return false }
            process.terminate()
            return true
        }
        var status: Int32 = -1
        for await code in exits { status = code }
        watchdog.cancel()
        let timedOut = await watchdog.value
        // The answers are a line each: read once the process has ended.
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        if timedOut { throw MacAppError.timedOut(seconds: Int(limit.components.seconds)) }
        return AppleScriptOutput(
            status: status, standardOutput: String(decoding: printed, as: UTF8.self), standardError: String(decoding: complaint, as: UTF8.self))
    }
}
