import Foundation

/// A listener's display name in the room's presence and on their reactions: text the person
/// chose, shown as text (never markup), small in bytes whatever the script, visible, and never
/// the host's label. The limits are on what a name weighs, not only on how many characters it
/// shows: one letter with thirty thousand combining marks is one character of 60 KB.
public enum DisplayName {
    public static let maximumCharacters = 32
    /// UTF-8 bytes: 32 characters of any script (CJK is 3 bytes each, most emoji 4).
    public static let maximumBytes = 128
    /// Unicode scalars in one character: room for a family or a kiss with skin tones (up to
    /// 10), not for a tower of marks.
    public static let maximumScalarsPerCharacter = 10
    /// Combining marks on one character: Vietnamese needs two; more only stacks.
    public static let maximumMarksPerCharacter = 3
    /// Zero-width joiners in one character (a family of four has three).
    public static let maximumJoinersPerCharacter = 3
    /// What the room calls its host; no listener may look like it.
    public static let hostLabel = "Host"

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case tooLong(characters: Int)
        case tooManyBytes(bytes: Int)
        case stackedCharacter
        case controlCharacters
        case blank
        case reserved
        case reservedFallback

        public var description: String {
            switch self {
            case .tooLong(let characters): "name has \(characters) characters; at most \(DisplayName.maximumCharacters) are accepted"
            case .tooManyBytes(let bytes): "name is \(bytes) bytes; at most \(DisplayName.maximumBytes) are accepted"
            case .stackedCharacter: "name has a character built of too many marks or joiners"
            case .controlCharacters: "name must not contain control or invisible formatting characters"
            case .blank: "name shows nothing; use letters, digits or emoji"
            case .reserved: "\"\(DisplayName.hostLabel)\" is the host's label; choose another name"
            case .reservedFallback: "\"Listener\" and a number is what the room calls someone who chose no name; choose another name"
            }
        }
    }

    /// The name to show, nil for none given (blank counts as none), or why it is refused.
    public static func normalise(_ raw: String?) -> Result<String?, Problem> {
        guard let raw else { return .success(nil) }
        // Bounded before any other work, so a huge name costs nothing more to refuse.
        guard raw.utf8.count <= maximumBytes * 8 else { return .failure(.tooManyBytes(bytes: raw.utf8.count)) }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(nil) }
        if trimmed.utf8.count > maximumBytes { return .failure(.tooManyBytes(bytes: trimmed.utf8.count)) }
        // Control characters, and invisible format ones (bidi overrides) that could disguise a name; the emoji joiner stays.
        if trimmed.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || ($0.properties.generalCategory == .format && $0.value != 0x200D)
        }) {
            return .failure(.controlCharacters)
        }
        for character in trimmed {
            let scalars = character.unicodeScalars
            let marks = scalars.filter { [.nonspacingMark, .enclosingMark, .spacingMark].contains($0.properties.generalCategory) }.count
            let joiners = scalars.filter { $0.value == 0x200D }.count
            if scalars.count > maximumScalarsPerCharacter || marks > maximumMarksPerCharacter || joiners > maximumJoinersPerCharacter {
                return .failure(.stackedCharacter)
            }
        }
        if trimmed.count > maximumCharacters { return .failure(.tooLong(characters: trimmed.count)) }
        guard trimmed.unicodeScalars.contains(where: isVisible) else { return .failure(.blank) }
        if imitatesHost(trimmed) { return .failure(.reserved) }
        if imitatesFallback(trimmed) { return .failure(.reservedFallback) }
        return .success(trimmed)
    }

    /// The name shown for a listener who gave none: "Listener 7".
    public static func fallback(number: Int) -> String { "Listener \(number)" }

    /// Whether a chosen name reads as a given one ("Listener 7", "listener7", "LISTENER 07"):
    /// those are the server's to give, so nobody can pose as the listener it named so.
    static func imitatesFallback(_ name: String) -> Bool {
        let skeleton = folded(name).unicodeScalars.filter { !$0.properties.isWhitespace }
        let text = String(String.UnicodeScalarView(skeleton))
        guard text.hasPrefix("listener") else { return false }
        let number = text.dropFirst("listener".count)
        return !number.isEmpty && number.allSatisfy(\.isNumber)
    }

    /// A name as two names are compared: case, width and accents folded away.
    public static func folded(_ name: String) -> String {
        name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// `name`, or the first of "name 2", "name 3"... that `isTaken` (asked with folded names)
    /// says nobody goes by; the name is shortened when a suffix would take it past the limits.
    public static func unique(_ name: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(folded(name)) else { return name }
        var number = 2
        while true {
            let suffix = " \(number)"
            var base = name
            while base.count + suffix.count > maximumCharacters || base.utf8.count + suffix.utf8.count > maximumBytes { base.removeLast() }
            let candidate = base.trimmingCharacters(in: .whitespaces) + suffix
            if !isTaken(folded(candidate)) { return candidate }
            number += 1
        }
    }

    /// A scalar that draws something: not a space, a mark alone, an ignorable or a filler.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint { return false }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control, .format, .unassigned,
            .privateUse, .surrogate:
            return false
        default:
            // Blank glyphs that are not formally ignorable: the braille blank, Hangul fillers.
            return ![0x2800, 0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
        }
    }

    /// Whether the name reads as "Host": any word of it, once width, case, accents and letters
    /// from other scripts that look Latin are folded away.
    public static func imitatesHost(_ name: String) -> Bool {
        let folded = name.precomposedStringWithCompatibilityMapping.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var skeleton = ""
        for scalar in folded.unicodeScalars {
            if let latin = lookalikes[scalar.value] {
                skeleton.unicodeScalars.append(latin)
            } else if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                skeleton.unicodeScalars.append(scalar)
            } else if ![0x200D, 0xFE0F].contains(scalar.value), scalar.properties.generalCategory != .nonspacingMark {
                skeleton.append(" ")
            }
        }
        let words = skeleton.lowercased().split(separator: " ")
        // "Host", "H o s t", "Host 2", "Host2": the word, spaced out, or numbered.
        return words.contains { $0 == "host" || ($0.hasPrefix("host") && $0.dropFirst(4).allSatisfy(\.isNumber)) } || words.joined() == "host"
    }

    /// Letters of other scripts (and digits) that pass for the Latin letters of "host", after
    /// case folding: Cyrillic, Greek, Armenian and a few more, from Unicode's confusables.
    static let lookalikes: [UInt32: Unicode.Scalar] = [
        // h
        0x04BB: "h", 0x0570: "h", 0x13C2: "h", 0x0127: "h", 0x210E: "h", 0x043D: "h", 0x04A3: "h", 0x0452: "h", 0x03B7: "h",
        // o
        0x043E: "o", 0x03BF: "o", 0x0585: "o", 0x05E1: "o", 0x0665: "o", 0x06F5: "o", 0x0030: "o", 0x03C3: "o", 0x0D20: "o", 0x101D: "o",
        0x1D0F: "o", 0x2C9F: "o", 0x00F8: "o",
        // s
        0x0455: "s", 0x01BD: "s", 0x0282: "s", 0xA731: "s", 0x10FD: "s", 0x0024: "s", 0x0035: "s",
        // t
        0x0442: "t", 0x03C4: "t", 0x1D1B: "t", 0x0167: "t", 0x01AB: "t", 0x0037: "t",
    ]
}
