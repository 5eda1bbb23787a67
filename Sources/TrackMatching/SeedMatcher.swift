import CatalogCore
import Foundation
import FoundationEssentials
import SimulcastCore

/// The original blog post's method, kept as the baseline every better matcher is measured
/// against (and to reproduce its failures honestly):
/// 1. search "title artist album" concatenated; take the result whose title and album
///    agree with the source, else the first result;
/// 2. if nothing came back, search the title alone and take the first result;
/// 3. if still nothing, search the title cut at its first character that is neither a
///    letter, a digit nor a space, and take the first result.
public struct SeedMatcher: TrackMatcher {
    public let strategy = MatchMethod.Strategy.seed
    public let searchLimit: Int

    public init(searchLimit: Int = 25) {
        self.searchLimit = searchLimit
    }

    public func match(_ source: TrackMetadata, in catalog: any Catalog, storefront: String) async -> MatchResult {
        var reasons: [String] = []
        do {
            let fullTerm = ([source.title] + source.artists.prefix(1) + [source.album].compactMap { $0 }).joined(separator: " ")
            let results = try await catalog.search(term: fullTerm, storefront: storefront, limit: searchLimit)
            if !results.isEmpty {
                if let agreeing = results.first(where: { Self.same($0.title, source.title) && Self.same($0.album, source.album) }) {
                    return .matched(
                        agreeing, method: MatchMethod(.seed, .titleAndAlbum), reasons: ["\"\(fullTerm)\" found \(results.count); title and album agree"])
                }
                return .matched(
                    results[0], method: MatchMethod(.seed, .firstResult),
                    reasons: ["\"\(fullTerm)\" found \(results.count); none with the same title and album, took the first"])
            }
            reasons.append("\"\(fullTerm)\" found nothing")

            let titleResults = try await catalog.search(term: source.title, storefront: storefront, limit: searchLimit)
            if let first = titleResults.first {
                return .matched(
                    first, method: MatchMethod(.seed, .titleOnly),
                    reasons: reasons + ["title alone \"\(source.title)\": took the first of \(titleResults.count)"])
            }
            reasons.append("title alone \"\(source.title)\" found nothing")

            let cut = Self.cutAtFirstSymbol(source.title)
            if !cut.isEmpty, cut != source.title {
                let cutResults = try await catalog.search(term: cut, storefront: storefront, limit: searchLimit)
                if let first = cutResults.first {
                    return .matched(
                        first, method: MatchMethod(.seed, .cutTitle), reasons: reasons + ["cut title \"\(cut)\": took the first of \(cutResults.count)"])
                }
                reasons.append("cut title \"\(cut)\" found nothing")
            }
            return .notFound(method: MatchMethod(.seed), reasons: reasons + ["not in the \(catalog.service) catalog for storefront \(storefront)"])
        } catch {
            return MatchResult(status: .unavailable, method: MatchMethod(.seed), reasons: reasons + ["\(catalog.service) search failed: \(error)"])
        }
    }

    static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }

    /// "A Horse with No Name - 2006 Remastered Version" -> "A Horse with No Name"; "Don't Cry" -> "Don".
    static func cutAtFirstSymbol(_ title: String) -> String {
        let kept = title.prefix { $0.isLetter || $0.isNumber || $0 == " " }
        return kept.trimmingCharacters(in: .whitespaces)
    }
}
