import SimulcastCore

/// Where rooms, their state, corrections, the match cache, the live server nodes, hosted
/// accounts, listener follows and rooms' history are kept: every capability's store in one database. SQLite is the embedded
/// default, PostgreSQL serves several nodes at once, an in-memory store serves tests; all
/// three pass the same suite. Components take the capability they use, not this whole.
public protocol RoomStore: RoomStateStore, MatchStore, NodeStore, RoomSharingStore, HostedAccountStore, ListenerFollowStore, RoomHistoryStore {
    /// Makes the store ready once the services it needs run (PostgreSQL: its schema, and the
    /// channel of other nodes' changes listened to); the server waits for it before serving.
    func prepare() async throws
    func close() async throws
}

extension RoomStore {
    public func prepare() async throws {}
}
