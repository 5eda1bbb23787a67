import SimulcastCore

/// The server nodes sharing a store: who is alive, and the host claims of those who are not.
public protocol NodeStore: Sendable {
    /// Records that `node` is alive for `lease` from now (by the store's clock, so nodes'
    /// clocks need not agree).
    func heartbeat(node: String, lease: Duration) async throws
    /// Forgets `node` at once: a node shutting down cleanly.
    func retireNode(_ node: String) async throws
    /// Rooms (just `room`, or every room for nil) whose host claim belongs to a node that is
    /// no longer alive, with that claim.
    func deadHostClaims(room: String?) async throws -> [String: HostClaim]
}
