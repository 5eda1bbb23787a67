import Foundation

/// The `simulcast` executable built beside the tests (`swift build --build-tests` builds it),
/// for tests that run it as a user would.
public enum BuiltExecutable {
    public static var simulcast: URL? { find("simulcast") }

    static func find(_ name: String) -> URL? {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        // swift-testing may run from the .xctest bundle's own folder.
        let parent = candidate.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name)
        return FileManager.default.isExecutableFile(atPath: parent.path) ? parent : nil
    }
}
