import SimulcastCore

/// Following people's own music accounts from the server: a host who started a room in a
/// browser may close it and keep listening in their own app (the server publishes what it
/// plays), and a listener may close the page while the server keeps their own app in sync
/// with the room. Exactly one live node follows each login; the routes reach it through this
/// interface and never see a service's token.
public protocol RoomHosting: Sendable {
    /// Trades the host's authorization code (PKCE) for their login, seals it, and has the
    /// room followed. Throws `HostingRefusal` (`notOffered` for a service it does not follow).
    func host(room: String, hostToken: String, authorization: HostAuthorization) async throws
    /// Stops following the room and forgets the login.
    func stopHosting(room: String) async throws
    func status(room: String) async throws -> HostingStatus
    /// Trades a listener's authorization code for their login, seals it, and has their device
    /// kept in sync with the room. Throws `HostingRefusal`.
    func followListener(room: String, request: ListenerFollowRequest) async throws -> ListenerFollowTicket
    /// The follow's status, or nil when there is no such follow in the room or the token is
    /// not its own (the two are not told apart).
    func listenerFollowStatus(room: String, id: String, token: String) async throws -> ListenerFollowStatus?
    /// Stops the follow and forgets its login; false when `listenerFollowStatus` would be nil.
    func stopFollowingListener(room: String, id: String, token: String) async throws -> Bool
    /// Picks up the rooms this node should follow and drops those it should not, until cancelled.
    func run() async
}
