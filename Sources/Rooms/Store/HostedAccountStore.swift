import SimulcastCore

/// Hosted accounts' store: the sealed logins of rooms hosted from a browser, and which live
/// node follows each.
public protocol HostedAccountStore: Sendable {
    /// Rooms hosted from a browser (`HostedAccount`). A new login for `room` starts a new
    /// generation with no follower, so whoever followed the old one stops.
    func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws
    /// Every hosted room; `follower` only when that node is alive.
    func hostedAccounts() async throws -> [HostedAccount]
    /// One hosted room (the host page's status), the same way.
    func hostedAccount(room: String) async throws -> HostedAccount?
    /// Makes `node` the room's follower when its login is `generation`, still held, and no live
    /// node follows it; true when it did (atomic, so two nodes never both win).
    func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool
    /// Replaces the sealed login of `generation` (a rotated token); nil forgets it (the
    /// service refused it) and clears the follower.
    func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws
    /// Another connection with the room's host token took over (the CLI, another browser):
    /// no node follows `generation` any more, and its login is kept until the host stops
    /// or logs in again (`HostedAccount.replaced`).
    func markHostReplaced(room: String, generation: Int) async throws
    func deleteHostedAccount(room: String) async throws
}
