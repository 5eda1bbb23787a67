import CatalogCore
import SimulcastCore

/// Finds a source track in a target catalog. The seed's method is one strategy; the
/// parsing, scoring matcher slots in behind the same interface.
public protocol TrackMatcher: Sendable {
    /// The strategy its match methods name.
    var strategy: MatchMethod.Strategy { get }
    func match(_ source: TrackMetadata, in catalog: any Catalog, storefront: String) async -> MatchResult
}
