import Foundation

/// Splits text into search terms the way catalog search engines do: case and accents
/// folded, apostrophes dropped inside words ("C'est" -> "cest"), other punctuation a break.
public enum SearchTerms {
    public static func terms(of text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var terms: [String] = []
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}" {
                continue
            } else if !current.isEmpty {
                terms.append(current)
                current = ""
            }
        }
        if !current.isEmpty { terms.append(current) }
        return terms
    }
}
