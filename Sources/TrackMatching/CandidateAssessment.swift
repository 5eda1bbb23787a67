import SimulcastCore

/// How one candidate fared against the source: refused by a gate (with the reason), or
/// scored, with what counted for and against it.
public struct CandidateAssessment: Sendable {
    public var candidate: TrackMetadata
    public var rejection: String?
    public var score: Double
    public var notes: [String]
    /// Same ISRC as the source.
    public var identifierMatch: Bool
    /// Accepted although one side names a version the other leaves out (see
    /// `CandidatePicker.versionNamedOnOneSideOnly`): only a fallback.
    public var versionLabelledOnOneSide = false
    /// Whether the candidate credits the same artists as the source, featured ones included
    /// (from artist lists and "feat."/"with" in titles alike): a featured version is another
    /// recording. Nil when the credits cannot be compared (missing, another script).
    public var creditsAgree: Bool?

    public var accepted: Bool { rejection == nil }
}
