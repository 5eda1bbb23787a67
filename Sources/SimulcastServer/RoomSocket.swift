import NIOCore
import SimulcastCore

/// A thread-safe handle to one room connection: what rooms hold to send to it. A WebSocket's
/// handle hops to the connection's event loop, where `RoomSocketHandler` lives; an in-process
/// connection's (the simulator's) hands the text straight to its peer.
final class RoomSocket: Sendable {
    enum Backend: Sendable {
        case channel(eventLoop: any EventLoop, handler: NIOLoopBound<RoomSocketHandler>)
        case inProcess(InProcessPeer)
    }

    /// The far end of an in-process connection.
    struct InProcessPeer: Sendable {
        var deliver: @Sendable (String) -> Void
        var close: @Sendable (UInt16, String) -> Void
    }

    let backend: Backend
    let address: ClientAddress

    init(eventLoop: any EventLoop, handler: RoomSocketHandler, address: ClientAddress) {
        self.backend = .channel(eventLoop: eventLoop, handler: NIOLoopBound(handler, eventLoop: eventLoop))
        self.address = address
    }

    init(peer: InProcessPeer, address: ClientAddress) {
        self.backend = .inProcess(peer)
        self.address = address
    }

    /// A message that must arrive in order (welcome, pong, error).
    func send(control message: WireMessage) {
        switch backend {
        case .channel:
            let bytes = WireCodec().encodeBuffer(message)
            run { $0.sendControl(bytes) }
        case .inProcess(let peer):
            peer.deliver(WireCodec().encode(message))
        }
    }

    /// A room state: only the newest matters, so a slow reader gets the latest one when it drains.
    func send(state: StateFrame) {
        switch backend {
        case .channel: run { $0.sendState(state) }
        case .inProcess(let peer): peer.deliver(String(buffer: state.payload))
        }
    }

    func close(code: UInt16, reason: String) {
        switch backend {
        case .channel: run { $0.close(code: code, reason: reason) }
        case .inProcess(let peer): peer.close(code, reason)
        }
    }

    private func run(_ body: @escaping @Sendable (RoomSocketHandler) -> Void) {
        guard case .channel(let eventLoop, let handler) = backend else { return }
        if eventLoop.inEventLoop {
            body(handler.value)
        } else {
            eventLoop.execute { body(handler.value) }
        }
    }

    /// Writes one encoded state to many sockets with a single hop per event loop, not one per socket.
    static func broadcast(state: StateFrame, to sockets: [RoomSocket]) {
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] = [:]
        for socket in sockets {
            switch socket.backend {
            case .channel(let eventLoop, let handler): byLoop[ObjectIdentifier(eventLoop), default: (eventLoop, [])].handlers.append(handler)
            case .inProcess(let peer): peer.deliver(String(buffer: state.payload))
            }
        }
        for (loop, handlers) in byLoop.values {
            loop.execute {
                for handler in handlers { handler.value.sendState(state) }
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
