import Foundation

/// Runs one of `Tests/WebJS`'s scripts under node: how the web page's ports of the
/// Swift types (`follow.js`) are held to them.
enum NodeScript {
    static let node: URL? = ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("WebJS")

    /// The script's exit status and everything it printed.
    static func run(_ script: String, _ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = node
        process.arguments = [folder.appendingPathComponent(script).path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
