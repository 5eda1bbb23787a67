import SimulcastCore

/// One connection as a room sees it: where its messages go and how it is closed. The
/// application's WebSocket is one; the simulator's in-process connection is another.
public protocol RoomPeer: AnyObject, Sendable {
    /// Who is on the other end, for the per-address limits.
    var address: ClientAddress { get }
    /// A message that must arrive in order (welcome, pong, error).
    func send(control message: WireMessage)
    /// A message already encoded (one text for many connections), in order like `control`.
    func send(controlText text: String)
    /// A `room.state` as JSON text: only the newest matters, so a slow reader may skip to it.
    func send(state text: String)
    /// Ends the connection with a WebSocket close code (`Wire.ErrorCode.closeCode`).
    func close(code: UInt16, reason: String)
}
