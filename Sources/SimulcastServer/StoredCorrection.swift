import SimulcastCore

/// A correction as the store keeps it: made in one room, applied there at once, and
/// everyone's answer only when `global` (an operator said so, or the hosts of
/// `roomsToPromote` different rooms made the same one).
public struct StoredCorrection: Hashable, Sendable, Codable {
    /// Hosts of this many different rooms agreeing make a correction everyone's.
    public static let roomsToPromote = 3

    public var id: Int
    public var key: MatchCacheKey
    public var targetId: String
    public var room: String
    public var global: Bool
    /// Made with the room's host token (only those count toward promotion).
    public var byHost: Bool
    public var createdAt: ServerTime
    public var result: MatchResult

    public init(id: Int, key: MatchCacheKey, targetId: String, room: String, global: Bool, byHost: Bool, createdAt: ServerTime, result: MatchResult) {
        self.id = id
        self.key = key
        self.targetId = targetId
        self.room = room
        self.global = global
        self.byHost = byHost
        self.createdAt = createdAt
        self.result = result
    }
}
