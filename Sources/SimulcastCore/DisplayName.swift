import Foundation

/// A listener's display name in the room's presence: text the person chose, at most 32
/// characters once trimmed, no control characters (names are shown as text, never markup).
public enum DisplayName {
    public static let maximumCharacters = 32

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case tooLong(characters: Int)
        case controlCharacters

        public var description: String {
            switch self {
            case .tooLong(let characters): "name has \(characters) characters; at most \(DisplayName.maximumCharacters) are accepted"
            case .controlCharacters: "name must not contain control characters"
            }
        }
    }

    /// The name to show, nil for none given (blank counts as none), or why it is refused.
    public static func normalise(_ raw: String?) -> Result<String?, Problem> {
        guard let raw else { return .success(nil) }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // Control characters, and invisible format ones (bidi overrides) that could disguise a name; the emoji joiner stays.
        if trimmed.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || ($0.properties.generalCategory == .format && $0.value != 0x200D)
        }) {
            return .failure(.controlCharacters)
        }
        if trimmed.count > maximumCharacters { return .failure(.tooLong(characters: trimmed.count)) }
        return .success(trimmed.isEmpty ? nil : trimmed)
    }

    /// The name shown for a listener who gave none: "Listener 7".
    public static func fallback(number: Int) -> String { "Listener \(number)" }
}
