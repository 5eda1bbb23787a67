import NIOCore
import NIOWebSocket

/// Does the opening handshake by hand, then swaps itself for NIO's frame codec and the peer.
final class HandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    let room: String
    let role: LoadClient.Role
    let recorder: LoadRecorder
    let tags: LoadClient.Tags
    let upgraded: EventLoopPromise<Void>
    private var received = ByteBuffer()

    init(room: String, role: LoadClient.Role, recorder: LoadRecorder, tags: LoadClient.Tags, upgraded: EventLoopPromise<Void>) {
        self.room = room
        self.role = role
        self.recorder = recorder
        self.tags = tags
        self.upgraded = upgraded
    }

    func channelActive(context: ChannelHandlerContext) {
        let request =
            "GET /v1/rooms/\(room)/ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
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
        let peer = LoadPeer(role: role, recorder: recorder, tags: tags)
        do {
            try context.pipeline.syncOperations.addHandlers([ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)), WebSocketFrameEncoder(), peer])
        } catch {
            upgraded.fail(error)
            return
        }
        if case .listener = role {
            do { LoadClient.sendText(try LoadClient.listenerHello(room: room), on: context.channel) } catch {
                upgraded.fail(error)
                context.close(promise: nil)
                return
            }
        }
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
        tags.onClose?()
        context.fireChannelInactive()
    }
}
