import SimulcastCore

/// Following hosts' own music accounts from the server, so a host who started a room in a
/// browser may close it and keep listening in their own app. Exactly one live node follows
/// a room; the routes reach it through this interface and never see a token.
public protocol RoomHosting: Sendable {
    /// Trades the host's authorization code (PKCE) for their login, seals it, and has the
    /// room followed. Throws `HostingRefusal` (`notOffered` for a service it does not follow).
    func host(room: String, hostToken: String, authorization: HostAuthorization) async throws
    /// Stops following the room and forgets the login.
    func stopHosting(room: String) async throws
    func status(room: String) async throws -> HostingStatus
    /// Picks up the rooms this node should follow and drops those it should not, until cancelled.
    func run() async
}
