import Foundation

/// How alike two base titles are, 0...1, and whether the comparison could be made at all.
enum TitleComparison {
    static func similarity(_ a: String, _ b: String) -> Double {
        if a == b { return 1 }
        let tokensA = TextNormalizer.tokens(a)
        let tokensB = TextNormalizer.tokens(b)
        guard !tokensA.isEmpty, !tokensB.isEmpty else { return 0 }
        let setA = Set(tokensA)
        let setB = Set(tokensB)
        let dice = 2 * Double(setA.intersection(setB).count) / Double(setA.count + setB.count)
        let compactA = a.replacingOccurrences(of: " ", with: "")
        let compactB = b.replacingOccurrences(of: " ", with: "")
        if compactA == compactB { return 0.98 }
        let edit = 1 - Double(levenshtein(Array(compactA), Array(compactB))) / Double(max(compactA.count, compactB.count))
        return max(dice, edit)
    }

    /// "F**k Love" and "Fuck Love": a starred-out word matches any word with the same visible letters.
    static func censoredMatch(_ a: String, _ b: String) -> Bool {
        let (censored, plain) = a.contains("*") ? (a, b) : (b, a)
        guard censored.contains("*"), !plain.contains("*") else { return false }
        let folded = censored.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var escaped = NSRegularExpression.escapedPattern(for: folded)
        while escaped.contains(#"\*\*"#) { escaped = escaped.replacingOccurrences(of: #"\*\*"#, with: #"\*"#) }
        let pattern = "^" + escaped.replacingOccurrences(of: #"\*"#, with: #"\w*"#) + "$"
        let target = plain.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        return target.range(of: pattern, options: .regularExpression) != nil
    }

    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
