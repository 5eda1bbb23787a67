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
    /// A server has one loop a core, so the groups are found by a look along a short list
    /// rather than by hashing each socket's loop (which callgrind showed costing more).
    private static func byLoop(
        _ peers: [any RoomPeer], otherwise: (any RoomPeer) -> Void
    ) -> [(loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] {
        var groups: [(loop: any EventLoop, handlers: [NIOLoopBound<RoomSocketHandler>])] = []
        var last = -1
        for peer in peers {
            guard let socket = peer as? RoomSocket else {
                otherwise(peer)
                continue
            }
            // Neighbours in the list often share a loop: try the last group first.
            if last < 0 || groups[last].loop !== socket.eventLoop {
                last = groups.firstIndex { $0.loop === socket.eventLoop } ?? -1
                if last < 0 {
                    groups.append((socket.eventLoop, []))
                    groups[groups.count - 1].handlers.reserveCapacity(peers.count)
                    last = groups.count - 1
                }
            }
            groups[last].handlers.append(socket.handler)
        }
        return groups
    }
}
