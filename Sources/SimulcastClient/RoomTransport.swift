import SimulcastCore

/// How a `RoomConnection` reaches a room: a WebSocket to a server, or a node's own hub in
/// process. The transport only opens a connection and carries text; the protocol (hello,
/// clock pings, reconnect backoff, final refusals) is the connection's, the same over each.
public protocol RoomTransport: Sendable {
    /// Opens one connection to `url` (the room `room`'s WebSocket URL) and runs `session`
    /// over it until the server closes the connection, `session` returns, or the task is
    /// cancelled. Returns why the connection ended when the transport knows (nil: it does
    /// not); throws when it cannot connect.
    func connect(
        to url: String, room: String, clock: any LocalClock, session: @escaping @Sendable (RoomTransportLink) async throws -> Void
    ) async throws -> String?
}
