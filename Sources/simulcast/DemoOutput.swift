import Foundation

/// Set-up lines of the demo; silent with --json so only the summary reaches stdout.
struct DemoOutput: Sendable {
    let json: Bool

    func say(_ line: String) {
        guard !json else { return }
        FileHandle.standardOutput.write(Data("\(line)\n".utf8))
    }
}
