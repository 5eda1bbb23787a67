import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import SimulcastClient
import SimulcastCore
import Synchronization

/// The load benchmark's WebSocket peers: plain NIO, one small handler per connection, no
/// per-connection task, so one client thread can hold ten thousand listeners.
enum LoadClient {
    enum Role: Sendable { case listener(slow: Bool), host }

    /// What a peer's deliveries are filed under, and what it does when its node goes away.
    struct Tags: Sendable {
        var room = 0
        /// The listener is on another node than its room's host.
        var crossNode = false
        /// A reconnect after a node died: its first state is timed from the death.
        var recovering = false
        var onClose: (@Sendable () -> Void)?
    }

    /// Connects one peer to `/v1/rooms/{room}/ws` and says hello; the future completes when the
    /// server has switched protocols.
    static func connect(group: any EventLoopGroup, port: Int, room: String, role: Role, recorder: LoadRecorder, tags: Tags = Tags()) -> EventLoopFuture<
        any Channel
    > {
        // The handshake may finish (and its handler leave the pipeline) before connect's
        // future runs, so its promise is kept here rather than looked up there.
        let upgradedBox = Mutex<EventLoopFuture<Void>?>(nil)
        return ClientBootstrap(group: group)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgraded = channel.eventLoop.makePromise(of: Void.self)
                    upgradedBox.withLock { $0 = upgraded.futureResult }
                    try channel.pipeline.syncOperations.addHandler(HandshakeHandler(room: room, role: role, recorder: recorder, tags: tags, upgraded: upgraded))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .flatMap { channel in
                let upgraded = upgradedBox.withLock { $0 } ?? channel.eventLoop.makeFailedFuture(ChannelError.inappropriateOperationForState)
                return upgraded.map { channel }
            }
    }

    /// A peer's first frame: `RoomConnection`'s own hello, so the benchmark speaks the room
    /// protocol from the one place it is written. The peers take only the hello from it, not
    /// its clock pings: the load figures measure the server's fan-out, comparable across waves.
    static func hello(_ hello: Wire.Hello) throws(WireEncodingError) -> String {
        try WireCodec().encode(RoomConnection.opening(hello))
    }

    static func listenerHello(room: String) throws(WireEncodingError) -> String {
        try hello(Wire.Hello(role: .listener, room: room, service: .spotify, storefront: "us", client: "simulcast-bench"))
    }

    static func hostHello(room: String, token: String) throws(WireEncodingError) -> String {
        try hello(Wire.Hello(role: .host, room: room, hostToken: token, client: "simulcast-bench"))
    }

    /// Writes a masked text frame (clients must mask).
    static func sendText(_ text: String, on channel: any Channel) {
        let buffer = channel.allocator.buffer(string: text)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)
        channel.writeAndFlush(frame, promise: nil)
    }
}
