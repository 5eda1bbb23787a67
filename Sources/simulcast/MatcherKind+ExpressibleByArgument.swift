import ArgumentParser
import TrackMatching

/// `--matcher` and `--strategy` take a strategy's name; help lists them.
extension MatcherKind: ExpressibleByArgument {}
