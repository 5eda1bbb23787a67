import CatalogCore
import SimulcastCore

/// Finds a source track in a target catalog. The seed's method is one strategy; the
/// parsing, scoring matcher slots in behind the same interface.
public protocol TrackMatcher: Sendable {
    /// The strategy its match methods name.
    var strategy: MatchMethod.Strategy { get }
    func match(_ source: TrackMetadata, in catalog: any Catalog, storefront: String) async -> MatchResult
    /// The candidates it would consider, each judged with why it was or was not taken.
    func versions(of source: TrackMetadata, in catalog: any Catalog, storefront: String) async throws -> [CandidateAssessment]
}

extension TrackMatcher {
    /// A matcher without its own lookups: what one search for the artist and title finds,
    /// judged by the picker.
    public func versions(of source: TrackMetadata, in catalog: any Catalog, storefront: String) async throws -> [CandidateAssessment] {
        let term = ([source.artists.first, source.title].compactMap { $0 }).joined(separator: " ")
        let picker = CandidatePicker()
        return try await catalog.search(term: term, storefront: storefront, limit: 25).map { picker.assess($0, against: source) }
    }
}
