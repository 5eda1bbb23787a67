/// The outcome of looking up a source track on one target service.
public struct MatchResult: Hashable, Codable, Sendable {
    public enum Status: String, Hashable, Codable, Sendable, CaseIterable {
        case matched
        case ambiguous
        case notFound
        /// The target service could not be asked (no catalog configured, service down).
        case unavailable
    }

    public var status: Status
    public var track: TrackMetadata?
    /// 0...1; how sure the matcher is.
    public var confidence: Double?
    /// How the match was made.
    public var method: MatchMethod
    /// Human-readable reasons, shown by `match --explain` and to listeners.
    public var reasons: [String]

    public init(status: Status, track: TrackMetadata? = nil, confidence: Double? = nil, method: MatchMethod, reasons: [String] = []) {
        self.status = status
        self.track = track
        self.confidence = confidence
        self.method = method
        self.reasons = reasons
    }

    public static func matched(_ track: TrackMetadata, confidence: Double? = nil, method: MatchMethod, reasons: [String] = []) -> MatchResult {
        MatchResult(status: .matched, track: track, confidence: confidence, method: method, reasons: reasons)
    }

    public static func notFound(method: MatchMethod, reasons: [String]) -> MatchResult {
        MatchResult(status: .notFound, method: method, reasons: reasons)
    }

    public var isMatched: Bool { status == .matched && track != nil }
}
