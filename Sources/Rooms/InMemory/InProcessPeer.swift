import SimulcastCore

/// The far end of an in-process connection (the simulator's): text goes straight to the client.
final class InProcessPeer: RoomPeer {
    let address = ClientAddress(ip: "in-process", scheme: "http")
    let deliver: @Sendable (String) -> Void
    let closed: @Sendable (UInt16, String) -> Void

    init(deliver: @escaping @Sendable (String) -> Void, closed: @escaping @Sendable (UInt16, String) -> Void) {
        self.deliver = deliver
        self.closed = closed
    }

    /// A message JSON cannot carry is not sent (the room logs its own; control messages are plain data).
    func send(control message: WireMessage) {
        if let text = try? WireCodec().encode(message) { deliver(text) }
    }
    func send(controlText text: String) { deliver(text) }
    func send(state text: String) { deliver(text) }
    func close(code: UInt16, reason: String) { closed(code, reason) }
}
