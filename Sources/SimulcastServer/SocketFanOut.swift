import NIOCore
import Rooms

/// Writes one state to many sockets: framed once, one hop per event loop rather than one per
/// socket. Peers that are not sockets get it on their own.
struct SocketFanOut: RoomFanOut {
    func deliver(state text: String, to peers: [any RoomPeer]) {
        let frame = StateFrame(text: text)
        var byLoop: [ObjectIdentifier: (loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] = [:]
        for peer in peers {
            if let socket = peer as? RoomSocket {
                byLoop[ObjectIdentifier(socket.eventLoop), default: (socket.eventLoop, [])].handlers.append(socket.handler)
            } else {
                peer.send(state: text)
            }
        }
        for (loop, handlers) in byLoop.values {
            loop.execute {
                for handler in handlers { handler.value.sendState(frame) }
            }
        }
    }
}
