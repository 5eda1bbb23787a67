import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization

/// The load benchmark's WebSocket peers: plain NIO, one small handler per connection, no
/// per-connection task, so one client thread can hold ten thousand listeners.
enum LoadClient {
    enum Role: Sendable { case listener(slow: Bool), host }

    /// Connects one peer to `/v1/rooms/{room}/ws` and says hello; the future completes when the
    /// server has switched protocols.
    static func connect(group: any EventLoopGroup, port: Int, room: String, role: Role, recorder: LoadRecorder) -> EventLoopFuture<any Channel> {
        // The handshake may finish (and its handler leave the pipeline) before connect's
        // future runs, so its promise is kept here rather than looked up there.
        let upgradedBox = Mutex<EventLoopFuture<Void>?>(nil)
        return ClientBootstrap(group: group)
            .channelOption(.socketOption(.so_reuseaddr), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgraded = channel.eventLoop.makePromise(of: Void.self)
                    upgradedBox.withLock { $0 = upgraded.futureResult }
                    try channel.pipeline.syncOperations.addHandler(HandshakeHandler(room: room, role: role, recorder: recorder, upgraded: upgraded))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .flatMap { channel in
                let upgraded = upgradedBox.withLock { $0 } ?? channel.eventLoop.makeFailedFuture(ChannelError.inappropriateOperationForState)
                return upgraded.map { channel }
            }
    }

    static func hello(room: String, role: Role) -> String {
        switch role {
        case .listener: #"{"type":"hello","v":1,"role":"listener","room":"\#(room)","service":"spotify","storefront":"us","client":"simulcast-bench"}"#
        case .host: ""
        }
    }

    /// Writes a masked text frame (clients must mask).
    static func sendText(_ text: String, on channel: any Channel) {
        let buffer = channel.allocator.buffer(string: text)
        let frame = WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: buffer)
        channel.writeAndFlush(frame, promise: nil)
    }
}

/// Does the opening handshake by hand, then swaps itself for NIO's frame codec and the peer.
final class HandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    let room: String
    let role: LoadClient.Role
    let recorder: LoadRecorder
    let upgraded: EventLoopPromise<Void>
    private var received = ByteBuffer()

    init(room: String, role: LoadClient.Role, recorder: LoadRecorder, upgraded: EventLoopPromise<Void>) {
        self.room = room
        self.role = role
        self.recorder = recorder
        self.upgraded = upgraded
    }

    func channelActive(context: ChannelHandlerContext) {
        let request = "GET /v1/rooms/\(room)/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: request)), promise: nil)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var chunk = unwrapInboundIn(data)
        received.writeBuffer(&chunk)
        guard let end = received.readableBytesView.firstRange(of: [13, 10, 13, 10]) else { return }
        let head = String(decoding: received.readableBytesView[..<end.lowerBound], as: UTF8.self)
        received.moveReaderIndex(to: end.upperBound)
        guard head.hasPrefix("HTTP/1.1 101") else {
            upgraded.fail(ChannelError.inappropriateOperationForState)
            context.close(promise: nil)
            return
        }
        let leftover = received
        let peer = LoadPeer(role: role, recorder: recorder)
        do {
            try context.pipeline.syncOperations.addHandlers([ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)), WebSocketFrameEncoder(), peer])
        } catch {
            upgraded.fail(error)
            return
        }
        if case .listener = role { LoadClient.sendText(LoadClient.hello(room: room, role: role), on: context.channel) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        if leftover.readableBytes > 0 { context.fireChannelRead(NIOAny(leftover)) }
        upgraded.succeed(())
        if case .listener(slow: true) = role { context.channel.setOption(.autoRead, value: false).whenComplete { _ in } }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        upgraded.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        upgraded.fail(ChannelError.ioOnClosedChannel)
        context.fireChannelInactive()
    }
}

/// A connected peer: listeners time each room.state against its anchor (host send time,
/// same machine clock); every peer answers pings.
final class LoadPeer: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    let role: LoadClient.Role
    let recorder: LoadRecorder
    private var lastAnchor: Int64 = 0

    init(role: LoadClient.Role, recorder: LoadRecorder) {
        self.role = role
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.data)), promise: nil)
        case .text:
            guard case .listener = role else { return }
            let now = LoadRecorder.nowMicros()
            // room.state keys are sorted: it starts with its anchor, whose "serverTime" comes first.
            let bytes = frame.data.readableBytesView
            guard bytes.starts(with: Self.anchorPrefix), let anchor = Self.firstInteger(after: Self.serverTimeKey, in: bytes) else { return }
            guard anchor != lastAnchor else { return }  // the same publish again (a match update)
            lastAnchor = anchor
            recorder.received(anchor: anchor, latencyMicros: now - anchor)
        default:
            break
        }
    }

    static let anchorPrefix = Array(#"{"anchor":{"#.utf8)
    static let serverTimeKey = Array(#""serverTime":"#.utf8)

    static func firstInteger(after key: [UInt8], in bytes: ByteBufferView) -> Int64? {
        guard let range = bytes.firstRange(of: key) else { return nil }
        var value: Int64 = 0
        var index = range.upperBound
        var digits = 0
        while index < bytes.endIndex, (48...57).contains(bytes[index]) {
            value = value * 10 + Int64(bytes[index] - 48)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}

/// Collects deliveries from every listener (one lock; the client runs on one thread).
final class LoadRecorder: Sendable {
    struct Book {
        var latencies: [Double] = []
        var receipts: [Int64: Int] = [:]
    }
    private let book = Mutex(Book())

    static func nowMicros() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000
    }

    func received(anchor: Int64, latencyMicros: Int64) {
        book.withLock {
            $0.latencies.append(Double(latencyMicros) / 1000)
            $0.receipts[anchor, default: 0] += 1
        }
    }

    func snapshot() -> Book { book.withLock { $0 } }
    func reset() { book.withLock { $0 = Book() } }
}
