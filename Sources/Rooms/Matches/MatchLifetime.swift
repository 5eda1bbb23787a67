import SimulcastCore

/// How long a match answer stays in the cache, in microseconds. Misses expire sooner:
/// catalogs gain tracks, and a wrong "not found" should not stick for a month.
public struct MatchLifetime: Hashable, Sendable {
    public var matched: Microseconds
    public var notFound: Microseconds

    public init(matched: Microseconds = 30 * 86_400_000_000, notFound: Microseconds = 3_600_000_000) {
        self.matched = matched
        self.notFound = notFound
    }

    /// Nil: do not cache (a failure to ask says nothing about the catalog).
    func lifetime(for status: MatchResult.Status) -> Microseconds? {
        switch status {
        case .matched: matched
        case .notFound, .ambiguous: notFound
        case .unavailable: nil
        }
    }
}
