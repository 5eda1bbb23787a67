/// A catalog whose searches are dear: a YouTube `search.list` costs 100 of a project's 10,000
/// daily quota units. The matcher asks it only its first, most specific queries.
public protocol CostlySearchCatalog: Catalog {
    /// How many text searches one match may spend.
    var searchesPerMatch: Int { get }
}
