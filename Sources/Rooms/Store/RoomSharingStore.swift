import SimulcastCore

/// What nodes sharing a store tell each other: changes, presence and reactions. A store only
/// one process uses has no one to tell, and takes the defaults.
public protocol RoomSharingStore: Sendable {
    /// Changes other nodes made, for a store several nodes share; nil for one only this process uses.
    /// Call once: the stream is single-consumer.
    func changes() -> AsyncStream<RoomChange>?

    /// Presence, for a store several nodes share: `node`'s share of `room` (replacing its last;
    /// an empty share removes it), and every live node's share of a room. Stores only one
    /// process uses keep none: the room merges its own share alone.
    func publishPresence(_ share: NodePresence, room: String, node: String) async throws
    func presence(room: String) async throws -> [NodePresence]

    /// Passes a reaction to the other nodes (PostgreSQL: `NOTIFY`, nothing stored); stores only
    /// one process uses have no one to tell.
    func publishReaction(_ reaction: Wire.RoomReaction, room: String, node: String) async throws
}

extension RoomSharingStore {
    public func changes() -> AsyncStream<RoomChange>? { nil }
    public func publishPresence(_ share: NodePresence, room: String, node: String) async throws {}
    public func presence(room: String) async throws -> [NodePresence] { [] }
    public func publishReaction(_ reaction: Wire.RoomReaction, room: String, node: String) async throws {}
}
