import NIOCore
import Rooms

/// Writes one state to many sockets: framed once, one hop per event loop rather than one per
/// socket. Peers that are not sockets get it on their own.
struct SocketFanOut: RoomFanOut {
    func deliver(control text: String, to peers: [any RoomPeer]) {
        // One buffer for every socket: each write shares its storage rather than copying it.
        let bytes = ByteBuffer(string: text)
        for (loop, handlers) in Self.byLoop(peers, otherwise: { $0.send(controlText: text) }) {
            loop.execute {
                for handler in handlers { handler.value.sendControl(bytes) }
            }
        }
    }

    func deliver(state text: String, to peers: [any RoomPeer]) {
        let frame = StateFrame(text: text)
        for (loop, handlers) in Self.byLoop(peers, otherwise: { $0.send(state: text) }) {
            loop.execute {
                for handler in handlers { handler.value.sendState(frame) }
            }
        }
    }

    /// The sockets grouped by event loop, for one hop per loop; other peers get `otherwise`.
    private static func byLoop(
        _ peers: [any RoomPeer], otherwise: (any RoomPeer) -> Void
    ) -> [(loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] {
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] = [:]
        for peer in peers {
            if let socket = peer as? RoomSocket {
                byLoop[ObjectIdentifier(socket.eventLoop), default: (socket.eventLoop, [])].handlers.append(socket.handler)
            } else {
                otherwise(peer)
            }
        }
        return Array(byLoop.values)
    }
}
