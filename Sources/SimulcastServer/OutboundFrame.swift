import SimulcastCore

/// What a connection's writer sends next: a protocol message, or the end of the connection.
public enum OutboundFrame: Sendable {
    case message(WireMessage)
    /// Send a close frame with this WebSocket close code and reason, then stop.
    case close(code: UInt16, reason: String)
}
