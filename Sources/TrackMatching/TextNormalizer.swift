import Foundation

/// Turns names and titles into comparison keys: NFKC (fullwidth forms), Latin script
/// (ICU transforms; Russian through BGN, which gives Apple's "Alena Lanskaya"), case and
/// accents folded (Turkish İ included), "&" as "and", punctuation as space.
public enum TextNormalizer {
    public static func key(_ text: String) -> String {
        var value = text.precomposedStringWithCompatibilityMapping
        if !isLatin(value) { value = romanize(value) }
        value = value.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        value = value.replacingOccurrences(of: "&", with: " and ")
        var output = ""
        var lastWasSpace = true
        for scalar in value.unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "`" || scalar == "\u{02BC}" { continue }
            if CharacterSet.alphanumerics.contains(scalar) {
                output.unicodeScalars.append(scalar)
                lastWasSpace = false
            } else if !lastWasSpace {
                output.append(" ")
                lastWasSpace = true
            }
        }
        return output.trimmingCharacters(in: .whitespaces)
    }

    /// The key without a leading article ("The Jackson 5" and "Jackson 5" meet).
    public static func nameKey(_ text: String) -> String {
        let value = key(text)
        for article in ["the ", "a ", "an ", "die ", "der ", "das ", "le ", "la ", "les ", "el ", "los "]
        where value.hasPrefix(article) && value.count > article.count + 2 {
            return String(value.dropFirst(article.count))
        }
        return value
    }

    /// A spelling-tolerant key for names already romanised differently (Alyona ~ Alena):
    /// consonants only after the first letter, doubled letters merged. Supporting evidence only.
    public static func fuzzyKey(_ text: String) -> String {
        var result = ""
        for word in nameKey(text).split(separator: " ") {
            var previous: Character?
            for (index, character) in word.enumerated() {
                let letter: Character = character == "y" ? "i" : character
                if index > 0, "aeiou".contains(letter) { continue }
                if letter == previous { continue }
                result.append(letter)
                previous = letter
            }
            result.append(" ")
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    public static func romanize(_ text: String) -> String {
        if text.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }),
            let russian = text.applyingTransform(StringTransform("Russian-Latin/BGN"), reverse: false)
        {
            return russian
        }
        return text.applyingTransform(.toLatin, reverse: false) ?? text
    }

    /// True when every letter is Latin (so no transform is needed).
    public static func isLatin(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            !scalar.properties.isAlphabetic || scalar.value < 0x0250 || (0x1E00...0x1EFF).contains(scalar.value) || (0xFF21...0xFF5A).contains(scalar.value)
        }
    }

    /// Words of a key.
    public static func tokens(_ key: String) -> [String] { key.split(separator: " ").map(String.init) }
}
