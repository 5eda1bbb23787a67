import Foundation

/// Runs a command-line tool and returns its standard output; fails with its error text.
enum ExternalTool {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func path(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    @discardableResult
    static func run(_ name: String, _ arguments: [String], input: Data? = nil) throws -> Data {
        guard let executable = path(name) else { throw Failure(description: "\(name) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        // Errors go to a file: a second pipe could fill up and block the tool.
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorPath.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorPath) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorPath)
        if input != nil { process.standardInput = Pipe() }
        try process.run()
        if let input, let pipe = process.standardInput as? Pipe {
            pipe.fileHandleForWriting.write(input)
            try? pipe.fileHandleForWriting.close()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errorText = (try? String(contentsOf: errorPath, encoding: .utf8)) ?? ""
            throw Failure(description: "\(name) failed: \(errorText.suffix(400))")
        }
        return data
    }
}
