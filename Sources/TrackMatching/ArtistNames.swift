import Foundation
import FoundationEssentials

/// Artist credits split into names and compared.
public enum ArtistNames {
    /// "Tatanka, Zatox & Wild Motherfuckers" -> three names; "Simon & Garfunkel" stays a pair of names too.
    public static func split(_ credit: String) -> [String] {
        var parts = [credit]
        for separator in [", ", " & ", " x ", " X ", " and ", " feat. ", " feat ", " ft. ", " featuring ", " with ", " vs. ", " vs ", " / ", "/", "; "] {
            parts = parts.flatMap { $0.components(separatedBy: separator) }
        }
        return parts.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    public static func all(_ artists: [String]?, featured: [String] = []) -> [String] {
        (artists ?? []).flatMap(split) + featured
    }

    public enum Agreement: Equatable, Sendable {
        /// The source's primary artist is credited on the candidate.
        case primary
        /// Another of the source's artists is.
        case partial
        case none
        /// One side has no artists, or they are written in different scripts.
        case unknown
    }

    public static func agreement(source: [String], candidate: [String]) -> Agreement {
        guard let primary = source.first, !candidate.isEmpty else { return .unknown }
        let sourceLatin = source.allSatisfy(TextNormalizer.isLatin)
        let candidateLatin = candidate.allSatisfy(TextNormalizer.isLatin)
        if sourceLatin != candidateLatin, !source.contains(where: { s in candidate.contains { same(s, $0) } }) { return .unknown }
        if candidate.contains(where: { same(primary, $0) }) { return .primary }
        if source.dropFirst().contains(where: { s in candidate.contains { same(s, $0) } }) { return .partial }
        return .none
    }

    /// Same name: equal keys, equal spelling-tolerant keys, or one a whole-word part of the other ("DJ Hodak").
    public static func same(_ a: String, _ b: String) -> Bool {
        let keyA = TextNormalizer.nameKey(a)
        let keyB = TextNormalizer.nameKey(b)
        guard !keyA.isEmpty, !keyB.isEmpty else { return false }
        if keyA == keyB || keyA.replacingOccurrences(of: " ", with: "") == keyB.replacingOccurrences(of: " ", with: "") { return true }
        if TextNormalizer.fuzzyKey(a) == TextNormalizer.fuzzyKey(b), min(keyA.count, keyB.count) >= 4 { return true }
        let (short, long) = keyA.count < keyB.count ? (keyA, keyB) : (keyB, keyA)
        return short.count >= 4 && " \(long) ".contains(" \(short) ")
    }
}
