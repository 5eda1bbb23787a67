import ArgumentParser
import TrackMatching

/// `--matcher`: which matching strategy to run.
enum MatcherChoice: String, CaseIterable, ExpressibleByArgument {
    /// Identifiers, parsed titles, gates and a margin.
    case simulcast
    /// The original blog post's method, kept as the baseline.
    case seed

    func make() -> any TrackMatcher {
        switch self {
        case .simulcast: SimulcastMatcher()
        case .seed: SeedMatcher()
        }
    }
}
