import SimulcastCore

/// A change another server node made, announced through the shared database. Small on
/// purpose: it says what to read again, never carries the state itself.
public enum RoomChange: Hashable, Sendable {
    /// Room `code` was committed at `seq`.
    case state(code: String, seq: Int)
    /// Room `code`'s corrections were added to or revoked.
    case corrections(room: String)
    /// A match was cached (a fresh answer or a global correction): rooms holding the track may use it.
    case match(MatchCacheKey)
    /// Someone on `node` reacted in room `code`: passed on to the room's connections on every
    /// other node, never stored.
    case reaction(code: String, node: String, reaction: Wire.RoomReaction)
    /// Announcements may have been missed (the listening connection was re-established): read everything again.
    case resync

    /// The text form sent through `NOTIFY` (well under PostgreSQL's 8000-byte payload limit).
    public var payload: String? {
        switch self {
        case .state(let code, let seq): "s \(code) \(seq)"
        case .corrections(let room): "c \(room)"
        case .match(let key): "m \(key.sourceService.rawValue) \(key.targetService.rawValue) \(key.storefront) \(key.sourceId)"
        // "R" for the host's: the mark travels with it, never inferred from the name.
        case .reaction(let code, let node, let reaction):
            "\(reaction.fromHost == true ? "R" : "r") \(code) \(node) \(reaction.reaction.rawValue) \(reaction.from)"
        case .resync: nil
        }
    }

    /// Parses a payload; nil for anything else (a payload from another program is ignored).
    public init?(payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("s", 3):
            guard let seq = Int(parts[2]) else { return nil }
            self = .state(code: parts[1], seq: seq)
        case ("c", 2):
            self = .corrections(room: parts[1])
        case ("r", 5), ("R", 5):
            guard let reaction = Reaction(rawValue: parts[3]) else { return nil }
            self = .reaction(code: parts[1], node: parts[2], reaction: Wire.RoomReaction(reaction: reaction, from: parts[4], fromHost: parts[0] == "R"))
        case ("m", 5):
            self = .match(
                MatchCacheKey(
                    sourceService: MusicService(rawValue: parts[1]), sourceId: parts[4], targetService: MusicService(rawValue: parts[2]), storefront: parts[3]))
        default:
            return nil
        }
    }
}
