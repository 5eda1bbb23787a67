/// What a listener is doing, for status lines and reports.
public enum FollowStatus: Hashable, Sendable, CustomStringConvertible {
    case waitingForRoom
    case waitingForHost
    case matching
    case noMatch(reason: String)
    case starting
    case seeking
    case following(errorMs: Double)
    case paused
    /// The host went away and the track has ended: waiting for the next one.
    case holding

    public var description: String {
        switch self {
        case .waitingForRoom: "waiting for the room"
        case .waitingForHost: "waiting for the host to play"
        case .matching: "matching"
        case .noMatch(let reason): "no match: \(reason)"
        case .starting: "starting"
        case .seeking: "seeking"
        case .following(let error): "in sync \(error >= 0 ? "+" : "")\(Int(error.rounded())) ms"
        case .paused: "paused"
        case .holding: "holding (track ended)"
        }
    }
}
