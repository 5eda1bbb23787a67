import NIOCore
import Rooms
import SimulcastCore

/// A thread-safe handle to one WebSocket room connection: what rooms hold to send to it. It
/// hops to the connection's event loop, where `RoomSocketHandler` lives.
final class RoomSocket: RoomPeer {
    let eventLoop: any EventLoop
    let handler: NIOLoopBound<RoomSocketHandler>
    let address: ClientAddress

    init(eventLoop: any EventLoop, handler: RoomSocketHandler, address: ClientAddress) {
        self.eventLoop = eventLoop
        self.handler = NIOLoopBound(handler, eventLoop: eventLoop)
        self.address = address
    }

    func send(control message: WireMessage) {
        // Control messages are plain data; one JSON cannot carry is not sent.
        guard let bytes = try? WireCodec().encodeBuffer(message) else { return }
        run { $0.sendControl(bytes) }
    }

    func send(controlText text: String) {
        let bytes = ByteBuffer(string: text)
        run { $0.sendControl(bytes) }
    }

    func send(state text: String) {
        let frame = StateFrame(text: text)
        run { $0.sendState(frame) }
    }

    func close(code: UInt16, reason: String) {
        run { $0.close(code: code, reason: reason) }
    }

    private func run(_ body: @escaping @Sendable (RoomSocketHandler) -> Void) {
        if eventLoop.inEventLoop {
            body(handler.value)
        } else {
            eventLoop.execute { [handler] in body(handler.value) }
        }
    }
}

extension WireCodec {
    /// The JSON text as bytes, ready to be the payload of one text frame.
    func encodeBuffer(_ message: WireMessage) throws(WireEncodingError) -> ByteBuffer {
        ByteBuffer(string: try encode(message))
    }
}
