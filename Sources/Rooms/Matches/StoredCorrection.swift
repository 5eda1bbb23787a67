import SimulcastCore

/// A correction as the store keeps it: made in one room, applied there at once, and
/// everyone's answer only when `global` (an operator said so, or hosts agreed as
/// `CorrectionPromotion` requires).
public struct StoredCorrection: Hashable, Sendable, Codable {
    public var id: Int
    public var key: MatchCacheKey
    public var targetId: String
    public var room: String
    public var global: Bool
    /// Made with the room's host token (only those count toward promotion).
    public var byHost: Bool
    public var createdAt: ServerTime
    public var result: MatchResult
    /// The client network of a host's correction that may count toward promotion (its room
    /// was old enough and had listeners when it was made); nil for one that may not. Absent in
    /// records from earlier versions, which therefore count for nothing.
    public var vouchingNetwork: String?

    public init(
        id: Int, key: MatchCacheKey, targetId: String, room: String, global: Bool, byHost: Bool, createdAt: ServerTime, result: MatchResult,
        vouchingNetwork: String? = nil
    ) {
        self.id = id
        self.key = key
        self.targetId = targetId
        self.room = room
        self.global = global
        self.byHost = byHost
        self.createdAt = createdAt
        self.result = result
        self.vouchingNetwork = vouchingNetwork
    }

    /// As shown to clients: without the network it was made from.
    public var forClients: StoredCorrection {
        var shown = self
        shown.vouchingNetwork = nil
        return shown
    }
}
