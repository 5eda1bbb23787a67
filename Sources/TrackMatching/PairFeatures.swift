import Foundation
import SimulcastCore

/// Evidence that two records are the same recording, each in 0...1, read so that it
/// survives dirty records (values in the wrong field, prices and labels in the title):
/// leading title words, all words, durations and dates wherever they are written.
public struct PairFeatures: Hashable, Sendable {
    public var titleSimilarity: Double
    public var titlePrefix: Double
    public var allWords: Double
    public var duration: Double
    public var date: Double
    public var featured: Double
    /// The version gate (as in the picker): a live take and a studio one are never the same.
    public var versionCompatible: Bool
    public var album: Double
    public var pickerAccepts: Double
    public var pickerScore: Double
    public var titleHead: Double

    /// The names of `vector`'s entries, in order (the fitted model's comment lists them).
    public static let names = [
        "bias", "titleSimilarity", "titlePrefix", "allWords", "duration", "date", "featured", "version", "album", "pickerAccepts", "pickerScore",
        "titleHead",
    ]

    /// What the logistic model weighs: a bias of 1, then the features in the order of `names`.
    public var vector: [Double] {
        [1, titleSimilarity, titlePrefix, allWords, duration, date, featured, versionCompatible ? 1 : 0, album, pickerAccepts, pickerScore, titleHead]
    }

    public init(_ a: TrackMetadata, _ b: TrackMetadata) {
        let textA = Self.fullText(a)
        let textB = Self.fullText(b)
        // Dirty records write the length into the title ("… 3:30"): take it from there.
        var a = a
        var b = b
        a.durationMs = a.durationMs ?? Self.clockDuration(in: textA)
        b.durationMs = b.durationMs ?? Self.clockDuration(in: textB)
        let titleA = TitleParser.parse(a.title)
        let titleB = TitleParser.parse(b.title)
        // Versions as the picker reads them: a live album makes its tracks live, wherever written.
        let versionA = CandidatePicker.identity(titleA, album: a.album, artists: a.artists)
        let versionB = CandidatePicker.identity(titleB, album: b.album, artists: b.artists)
        // The candidate picker's own verdict, as two features: what the gates say, and the score.
        let assessment = CandidatePicker().assess(b, against: a)
        titleSimilarity = TitleComparison.similarity(titleA.baseKey, titleB.baseKey)
        titlePrefix = Self.prefixAgreement(titleA, titleB)
        allWords = Self.jaccard(Self.words(textA), Self.words(textB))
        duration = Self.durationAgreement(a.durationMs, b.durationMs)
        date = Self.dateAgreement(Self.dates(in: textA + " " + (a.releaseDate ?? "")), Self.dates(in: textB + " " + (b.releaseDate ?? "")))
        featured = Self.featuredAgreement(titleA.featured, titleB.featured)
        versionCompatible = CandidatePicker.compatible(versionA, versionB) || CandidatePicker.versionNamedOnOneSideOnly(versionA, versionB, a, b)
        album = Self.albumAgreement(a.album, b.album)
        pickerAccepts = assessment.accepted ? 1 : 0
        pickerScore = assessment.score
        titleHead = Self.headAgreement(a, b)
    }

    /// Same recording: the version tags agree (a hard gate, as in the picker) and the model says so.
    public static func decide(_ a: TrackMetadata, _ b: TrackMetadata, model: LogisticModel = .fittedPairModel) -> Bool {
        let features = PairFeatures(a, b)
        return features.versionCompatible && model.decide(features.vector)
    }

    /// A title field up to where dirty records append other things: the first bracket,
    /// price, dash, comma, length or year ("Take Ü There ( feat . Kiesza ) $ 1.29 3:30" ->
    /// "Take Ü There"), and before any credited artist's name moved into it, as words of a key.
    static func head(of title: String, artists: [String]) -> [String] {
        var text = title
        if let range = text.range(of: #"\s*(\(|\[|\$|\s-\s|\s,\s|\b[0-9]{1,2}:[0-9]{2}\b|\b(19|20)[0-9]{2}\b)"#, options: .regularExpression),
            range.lowerBound > text.startIndex
        {
            text = String(text[..<range.lowerBound])
        }
        var words = TextNormalizer.tokens(TextNormalizer.key(text))
        for name in artists.flatMap(ArtistNames.split) {
            let nameWords = TextNormalizer.tokens(TextNormalizer.key(name))
            guard !nameWords.isEmpty, words.count > nameWords.count else { continue }
            for start in 1...(words.count - nameWords.count) where Array(words[start..<start + nameWords.count]) == nameWords {
                words = Array(words[..<start])
                break
            }
        }
        return words
    }

    /// How well the two heads agree: their similarity, or 1 when one is the start of the
    /// other (a dirty field ran on past the title).
    static func headAgreement(_ a: TrackMetadata, _ b: TrackMetadata) -> Double {
        let credited = (a.artists + b.artists).filter { !$0.isEmpty }
        let headA = head(of: a.title, artists: credited)
        let headB = head(of: b.title, artists: credited)
        guard !headA.isEmpty, !headB.isEmpty else { return 0.5 }
        let (short, long) = headA.count <= headB.count ? (headA, headB) : (headB, headA)
        if Array(long.prefix(short.count)) == short { return 1 }
        return TitleComparison.similarity(headA.joined(separator: " "), headB.joined(separator: " "))
    }

    static func fullText(_ track: TrackMetadata) -> String {
        ([track.title] + track.artists + [track.album ?? ""]).joined(separator: " ")
    }

    static let noise: Set<String> = [
        "feat", "ft", "explicit", "clean", "music", "deluxe", "version", "edition", "the", "a", "and", "records", "inc", "ltd", "for", "of", "under",
        "exclusive", "licence", "license", "c", "p", "1", "29", "99", "0", "pop", "rock", "rap", "hip", "hop",
    ]

    static func words(_ text: String) -> Set<String> {
        Set(TextNormalizer.tokens(TextNormalizer.key(text)).filter { !noise.contains($0) && $0.count > 1 })
    }

    static func jaccard(_ a: Set<String>, _ b: Set<String>) -> Double {
        let union = a.union(b).count
        return union == 0 ? 0.5 : Double(a.intersection(b).count) / Double(union)
    }

    /// Leading words the two title fields share, against the shorter parsed title.
    static func prefixAgreement(_ a: ParsedTitle, _ b: ParsedTitle) -> Double {
        let wordsA = TextNormalizer.tokens(TextNormalizer.key(a.original))
        let wordsB = TextNormalizer.tokens(TextNormalizer.key(b.original))
        var common = 0
        while common < min(wordsA.count, wordsB.count), wordsA[common] == wordsB[common] { common += 1 }
        let shortest = max(1, min(TextNormalizer.tokens(a.baseKey).count, TextNormalizer.tokens(b.baseKey).count))
        return min(1, Double(common) / Double(shortest))
    }

    static func durationAgreement(_ a: Int?, _ b: Int?) -> Double {
        guard let a, let b, a > 0, b > 0 else { return 0.5 }
        let delta = abs(a - b)
        return delta <= 2_000 ? 1 : delta <= 5_000 ? 0.5 : 0
    }

    /// "3:48" written in a text, in ms.
    static func clockDuration(in text: String) -> Int? {
        guard let range = text.range(of: #"\b([0-9]{1,2}):([0-5][0-9])\b"#, options: .regularExpression) else { return nil }
        let parts = text[range].split(separator: ":").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0] * 60 + parts[1]) * 1000 : nil
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Dates as (year, month, day?) from "February 13 , 2015", "13-Feb-15", "2015-02-13".
    static func dates(in text: String) -> [(year: Int, month: Int?, day: Int?)] {
        var found: [(Int, Int?, Int?)] = []
        let lower = text.lowercased()
        if let range = lower.range(of: #"([0-9]{1,2})-([a-z]{3})-([0-9]{2})"#, options: .regularExpression) {
            let parts = lower[range].split(separator: "-")
            if let day = Int(parts[0]), let month = months.firstIndex(of: String(parts[1])), let year = Int(parts[2]) {
                found.append((2000 + year, month + 1, day))
            }
        }
        if let range = lower.range(
            of: #"(january|february|march|april|may|june|july|august|september|october|november|december) [0-9]{1,2} , [0-9]{4}"#, options: .regularExpression)
        {
            let parts = lower[range].split(separator: " ")
            if let month = months.firstIndex(of: String(parts[0].prefix(3))), let day = Int(parts[1]), let year = Int(parts[3]) {
                found.append((year, month + 1, day))
            }
        }
        if let range = lower.range(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2}"#, options: .regularExpression) {
            let parts = lower[range].split(separator: "-").compactMap { Int($0) }
            if parts.count == 3 { found.append((parts[0], parts[1], parts[2])) }
        }
        return found
    }

    static func dateAgreement(_ a: [(year: Int, month: Int?, day: Int?)], _ b: [(year: Int, month: Int?, day: Int?)]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0.5 }
        if a.contains(where: { x in b.contains { $0.year == x.year && $0.month == x.month && $0.day == x.day } }) { return 1 }
        if a.contains(where: { x in b.contains { $0.year == x.year } }) { return 0.6 }
        return 0
    }

    static func featuredAgreement(_ a: [String], _ b: [String]) -> Double {
        if a.isEmpty && b.isEmpty { return 1 }
        if a.isEmpty || b.isEmpty { return 0.5 }
        return a.contains { x in b.contains { ArtistNames.same(x, $0) } } ? 1 : 0
    }

    static func albumAgreement(_ a: String?, _ b: String?) -> Double {
        guard let a, let b, !a.isEmpty, !b.isEmpty else { return 0.5 }
        return TitleComparison.similarity(CandidatePicker.albumKey(a), CandidatePicker.albumKey(b))
    }
}
