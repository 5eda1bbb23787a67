/// Runs an AppleScript and returns what it printed: `OsascriptProcess` on a Mac (or a test's
/// own `osascript` first on `PATH`), a simulated app in the benchmark.
public protocol AppleScriptRunner: Sendable {
    func run(_ lines: [String]) async throws -> AppleScriptOutput
}
