import Foundation

/// Parses titles instead of only scoring them: a fuzzy score cannot tell "(2011 Remaster)"
/// from "(Extended Mix)", a parser can.
public enum TitleParser {
    public static func parse(_ title: String) -> ParsedTitle {
        var base = title.precomposedStringWithCompatibilityMapping
        var segments: [String] = []
        // Bracketed parts, innermost-last: "(feat. X)", "[Live]", "{Remix}".
        let pattern = #"\s*[\(\[\{]([^\(\)\[\]\{\}]*)[\)\]\}]"#
        while let range = base.range(of: pattern, options: .regularExpression) {
            let inner = base[range].trimmingCharacters(in: .whitespaces).dropFirst().dropLast()
            segments.append(String(inner))
            base.removeSubrange(range)
        }
        // "Song -Instrumental-", "Song ~TV Size~", "Song 〜Off Vocal〜": a marker between dashes or
        // waves, as Japanese releases write it.
        if let range = base.range(of: #"\s+[-~〜]([^-~〜]+)[-~〜]\s*$"#, options: .regularExpression) {
            let inner = base[range].trimmingCharacters(in: .whitespaces).dropFirst().dropLast()
            if classify(String(inner)) != nil {
                segments.append(String(inner))
                base.removeSubrange(range)
            }
        }
        // " - 2006 Remastered Version", " - Live": a dash suffix that reads as a tag.
        for separator in [" - ", " – ", " — ", ": ", " : "] {
            if let range = base.range(of: separator, options: .backwards) {
                let suffix = String(base[range.upperBound...])
                if classify(suffix) != nil {
                    segments.append(suffix)
                    base = String(base[..<range.lowerBound])
                }
            }
        }
        // "Song feat. X" without brackets.
        var featured: [String] = []
        if let range = base.range(of: #"\s+(feat\.?|ft\.?|featuring)\s+"#, options: [.regularExpression, .caseInsensitive]) {
            featured += ArtistNames.split(String(base[range.upperBound...]))
            base = String(base[..<range.lowerBound])
        }
        var tags: [VersionTag] = []
        for segment in segments {
            if let names = featuredNames(segment) {
                featured += names
            } else {
                tags.append(classify(segment) ?? VersionTag(kind: .unknown, detail: TextNormalizer.key(segment), text: segment))
            }
        }
        base = base.trimmingCharacters(in: .whitespaces)
        if base.isEmpty { base = title }
        let baseKey = TextNormalizer.key(base)
        return ParsedTitle(
            original: title, base: base, baseKey: baseKey, tags: tags, featured: featured, numbers: numbers(in: baseKey),
            censored: title.range(of: #"\w\*+\w"#, options: .regularExpression) != nil && !title.contains("B*Witched"))
    }

    /// Names after "feat.", "ft.", "featuring", "with", "mit" at the start of a segment.
    static func featuredNames(_ segment: String) -> [String]? {
        let trimmed = segment.trimmingCharacters(in: .whitespaces)
        guard let range = trimmed.range(of: #"^(feat\.?|ft\.?|featuring|with|mit|con)\s+"#, options: [.regularExpression, .caseInsensitive]) else { return nil }
        return ArtistNames.split(String(trimmed[range.upperBound...]))
    }

    /// The tag a segment is, or nil if it says nothing known about the version.
    public static func classify(_ segment: String) -> VersionTag? {
        let key = TextNormalizer.key(segment)
        let words = Set(TextNormalizer.tokens(key))
        func tag(_ kind: VersionTag.Kind, _ detail: String? = nil) -> VersionTag { VersionTag(kind: kind, detail: detail, text: segment) }
        func before(_ keyword: String) -> String? {
            guard let range = key.range(of: keyword) else { return nil }
            let detail = key[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let cleaned = TextNormalizer.tokens(detail).filter { Int($0) == nil && !["the", "original", "official"].contains($0) }.joined(separator: " ")
            return cleaned.isEmpty ? nil : cleaned
        }
        if key.contains("taylor s version") || key.contains("taylors version") || words.contains("rerecorded") || key.contains("re recorded") {
            return tag(.rerecording)
        }
        // "[ + Video ]", "[ + Digital Booklet ]": extras of a store's bundle, not a version.
        if segment.trimmingCharacters(in: .whitespaces).hasPrefix("+") { return tag(.edition) }
        // The markers in every language and abbreviation stores use (the key romanises kana and
        // Han, so the originals are looked for as written too).
        let written = segment.precomposedStringWithCompatibilityMapping.lowercased()
        if words.contains("karaoke") || written.contains("カラオケ") || written.contains("卡拉ok") || words.contains("노래방") { return tag(.karaoke) }
        if CoverMarkers.marks(key) { return tag(.cover) }
        if Self.instrumentalWords.contains(where: words.contains) || key.contains("off vocal") || key.contains("no vocal")
            || (words.contains("mr") && words.count <= 2) || ["伴奏", "オフボーカル", "インスト", "純音樂", "纯音乐"].contains(where: written.contains)
        {
            return tag(.instrumental)
        }
        if words.contains("acapella") || words.contains("acappella") || key.contains("a cappella") || key.contains("a capella") || written.contains("アカペラ") {
            return tag(.acapella)
        }
        if !words.isDisjoint(with: Self.acousticWords) || written.contains("アコースティック") { return tag(.acoustic) }
        if words.contains("demo") { return tag(.demo) }
        if key.contains("sped up") || key.contains("speed up") || words.contains("slowed") || words.contains("nightcore") || words.contains("reverb") {
            return tag(.speed)
        }
        // A reaction video, a one-hour loop: the song inside something else.
        if words.contains("reaction") || words.contains("reacts") || words.contains("reacting") { return tag(.otherVersion, "reaction") }
        let loopWords: Set<String> = ["hour", "hours", "hr", "loop", "looped", "version", "extended", "non", "stop", "nonstop"]
        if words.contains("loop") || (!words.isDisjoint(with: ["hour", "hours"]) && words.allSatisfy { loopWords.contains($0) || Int($0) != nil }) {
            return tag(.extended, "loop")
        }
        // 8D audio: the same recording panned around the head, another mix.
        if words.contains("8d") { return tag(.remix, "8d") }
        // An anime's opening as broadcast: about 90 s of the song.
        if key.contains("tv size") || key.contains("tv ver") || words.contains("tvsize") || written.contains("tvサイズ") { return tag(.radioEdit, "tv size") }
        if words.contains("cover") { return tag(.cover) }
        if words.contains("video") || key.contains("music video") { return tag(.otherVersion, "video") }
        if key.contains("radio edit") { return tag(.radioEdit) }
        if words.contains("extended") { return tag(.extended) }
        if words.contains("remix") || words.contains("rmx") || words.contains("bootleg") || words.contains("mashup") {
            return tag(.remix, before("remix") ?? before("rmx") ?? before("bootleg"))
        }
        let liveWords = Self.livePhrases.filter(key.contains)
        if words.contains("live") || words.contains("session") || words.contains("sessions") || !liveWords.isEmpty || written.contains("ライブ") {
            // "Live ver.", "Live Version", "En Vivo": no venue named.
            var rest = key.replacingOccurrences(of: "live", with: "")
            for phrase in liveWords { rest = rest.replacingOccurrences(of: phrase, with: "") }
            let venue = TextNormalizer.tokens(rest).filter { $0 != "ver" && $0 != "version" && $0 != "raibu" }.joined(separator: " ")
            return tag(.live, venue.isEmpty ? nil : venue)
        }
        if words.contains("remaster") || words.contains("remastered") || words.contains("remasterizado") { return tag(.remaster) }
        if words.contains("mono") || words.contains("stereo") { return tag(.channels) }
        if words.contains("explicit") || words.contains("clean") || words.contains("dirty") { return tag(.explicitness) }
        if key.contains("soundtrack") || words.contains("ost") || key.hasPrefix("from ") || key.hasPrefix("aus ") || key.hasPrefix("de la pelicula")
            || key.contains("theme from")
        {
            return tag(.soundtrack)
        }
        // A store's or a country's edition of an album ("Amazon Version", "Japan Version").
        if words.contains("version"), !words.isDisjoint(with: ["amazon", "itunes", "target", "walmart", "japan", "japanese", "international", "uk", "us"]) {
            return tag(.edition)
        }
        if words.contains("deluxe") || words.contains("edition") || words.contains("anniversary") || words.contains("expanded") || words.contains("bonus") {
            return tag(.edition)
        }
        if key == "album version" || key == "single version" || key == "lp version" || key == "45 version" || key == "main version" {
            return tag(.albumVersion)
        }
        if key == "original" || key == "das original" || key == "original version" || key == "original mix" || key == "original mono" { return tag(.original) }
        if words.contains("edit") { return tag(.remix, before("edit")) }
        if words.contains("mix") { return tag(.remix, before("mix")) }
        if words.contains("version") || words.contains("versao") || words.contains("version") { return tag(.otherVersion, key) }
        if key.hasPrefix("prod") { return tag(.credit) }
        return nil
    }

    /// "Instrumental", "Inst.", "Instr.", "Instrumentale", "Instrumentalversion", "Strumentale".
    static let instrumentalWords = ["instrumental", "inst", "instr", "instrumentale", "instrumentalversion", "instrumentals", "strumentale", "instrumentais"]
    /// "Acoustic", "Unplugged", "Acústico/a", "Acoustique", "Akustik".
    static let acousticWords: Set<String> = ["acoustic", "unplugged", "acustico", "acustica", "acoustique", "akustik", "akustisch", "akustikversion"]
    /// "Live" in the stores' other languages: Spanish, Portuguese, French, Italian.
    static let livePhrases = ["en vivo", "ao vivo", "en directo", "en public", "en concierto", "dal vivo", "en concert"]

    static let romanNumerals: Set<String> = ["ii", "iii", "iv", "vi", "vii", "viii", "ix", "x", "xi", "xii"]

    /// Numbers and part markers in a base title's key.
    static func numbers(in key: String) -> Set<String> {
        var found: Set<String> = []
        let words = TextNormalizer.tokens(key)
        for (index, word) in words.enumerated() {
            if word.allSatisfy(\.isNumber) { found.insert(String(Int(word) ?? 0)) }
            if romanNumerals.contains(word), index > 0 { found.insert(String(romanValue(word))) }
        }
        return found
    }

    static func romanValue(_ word: String) -> Int {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10]
        var total = 0
        var previous = 0
        for character in word.reversed() {
            let value = values[character] ?? 0
            total += value < previous ? -value : value
            previous = max(previous, value)
        }
        return total
    }
}
