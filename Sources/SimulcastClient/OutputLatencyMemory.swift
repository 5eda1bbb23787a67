import Foundation
import SimulcastCore

/// Output latencies the user gave, remembered per player (`mpris:vlc`, `simulated`, ...) in
/// `$XDG_CONFIG_HOME/simulcast/output-latency.json` (or `~/.config/...`), so that
/// `--output-latency-ms` is given once per device, not at every start.
public struct OutputLatencyMemory: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        ConfigFolder.path(environment: environment) + "/output-latency.json"
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public var description: String { "\(path) is not a list of output latencies; remove it or give --output-latency-ms again" }
    }

    /// What was remembered for `player`, if anything.
    public func latency(for player: String) throws(Unreadable) -> Double? { try all()[player] }

    /// Remembers `milliseconds` for `player`, keeping the others.
    public func remember(_ milliseconds: Double, for player: String) throws {
        var latencies = (try? all()) ?? [:]
        latencies[player] = milliseconds
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(latencies).write(to: url, options: .atomic)
    }

    private func all() throws(Unreadable) -> [String: Double] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        do {
            return try JSONDecoder().decode([String: Double].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw Unreadable(path: path)
        }
    }
}
