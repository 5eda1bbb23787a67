import Foundation
import SimulcastCore

/// Reads playback events, one JSON object per line, from a file or standard input.
struct PlaybackScript {
    struct LineError: Error, CustomStringConvertible {
        var line: Int
        var problem: String
        var description: String { "line \(line): \(problem)" }
    }

    static func parse(line text: Substring, number: Int) throws -> PlaybackEvent? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        do {
            return try JSONDecoder().decode(PlaybackEvent.self, from: Data(trimmed.utf8))
        } catch let error as DecodingError {
            throw LineError(line: number, problem: "not a playback event (\(Self.describe(error))); see docs/PROTOCOL.md")
        } catch {
            throw LineError(line: number, problem: "not JSON")
        }
    }

    static func load(contentsOf url: URL) throws -> [PlaybackEvent] {
        let text = try String(contentsOf: url, encoding: .utf8)
        var events: [PlaybackEvent] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let event = try parse(line: line, number: index + 1) { events.append(event) }
        }
        return events
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            "bad \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        @unknown default: "invalid"
        }
    }
}
