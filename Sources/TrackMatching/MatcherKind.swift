/// The matching strategies Simulcast ships; `demo --matcher`, `serve --matcher` and
/// `match-eval --strategy` name one.
public enum MatcherKind: String, Sendable, CaseIterable {
    /// Identifiers, parsed titles, gates and a margin.
    case simulcast
    /// The original blog post's method, kept as the baseline.
    case seed

    public func make() -> any TrackMatcher {
        switch self {
        case .simulcast: SimulcastMatcher()
        case .seed: SeedMatcher()
        }
    }
}
