import SimulcastCore

/// What the server made of a correction: applied (with the room's host token or the admin
/// token), or kept as a listener's suggestion for the host.
public enum CorrectionOutcome: Sendable, Hashable {
    case applied(AppliedCorrection)
    case suggested(MatchSuggestion)

    public var applied: AppliedCorrection? {
        if case .applied(let correction) = self { correction } else { nil }
    }

    public var suggested: MatchSuggestion? {
        if case .suggested(let suggestion) = self { suggestion } else { nil }
    }
}
