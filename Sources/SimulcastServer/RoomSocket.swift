import NIOCore
import SimulcastCore

/// A thread-safe handle to one room WebSocket: what rooms hold to send to a connection.
/// Everything it does hops to the connection's event loop, where `RoomSocketHandler` lives.
final class RoomSocket: Sendable {
    let eventLoop: any EventLoop
    let handler: NIOLoopBound<RoomSocketHandler>
    let address: ClientAddress

    init(eventLoop: any EventLoop, handler: RoomSocketHandler, address: ClientAddress) {
        self.eventLoop = eventLoop
        self.handler = NIOLoopBound(handler, eventLoop: eventLoop)
        self.address = address
    }

    /// A message that must arrive in order (welcome, pong, error).
    func send(control message: WireMessage) {
        let bytes = WireCodec().encodeBuffer(message)
        run { $0.sendControl(bytes) }
    }

    /// A room state: only the newest matters, so a slow reader gets the latest one when it drains.
    func send(state: StateFrame) {
        run { $0.sendState(state) }
    }

    func close(code: UInt16, reason: String) {
        run { $0.close(code: code, reason: reason) }
    }

    private func run(_ body: @escaping @Sendable (RoomSocketHandler) -> Void) {
        if eventLoop.inEventLoop {
            body(handler.value)
        } else {
            let handler = self.handler
            eventLoop.execute { body(handler.value) }
        }
    }

    /// Writes one encoded state to many sockets with a single hop per event loop, not one per socket.
    static func broadcast(state: StateFrame, to sockets: [RoomSocket]) {
        var byLoop: [ObjectIdentifier: [RoomSocket]] = [:]
        for socket in sockets { byLoop[ObjectIdentifier(socket.eventLoop), default: []].append(socket) }
        for group in byLoop.values {
            guard let loop = group.first?.eventLoop else { continue }
            loop.execute {
                for socket in group { socket.handler.value.sendState(state) }
            }
        }
    }
}

extension WireCodec {
    /// The JSON text as bytes, ready to be the payload of one text frame.
    func encodeBuffer(_ message: WireMessage) -> ByteBuffer {
        ByteBuffer(string: encode(message))
    }
}
