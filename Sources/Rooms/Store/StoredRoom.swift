import SimulcastCore

/// A room as the store keeps it.
public struct StoredRoom: Hashable, Sendable {
    public var code: String
    public var hostTokenHash: String
    public var createdAt: ServerTime
    public var state: RoomState
    /// The host connection allowed to publish, if one has joined and not left.
    public var hostClaim: HostClaim?

    public init(code: String, hostTokenHash: String, createdAt: ServerTime, state: RoomState, hostClaim: HostClaim? = nil) {
        self.code = code
        self.hostTokenHash = hostTokenHash
        self.createdAt = createdAt
        self.state = state
        self.hostClaim = hostClaim
    }
}
