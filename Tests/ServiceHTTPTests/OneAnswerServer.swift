import NIOCore
import NIOPosix
import Synchronization

/// A loopback server that answers each connection's first request with 200 and a keep-alive
/// answer, and closes the connection unanswered when a second request comes on it: a service
/// that closed a kept-alive connection just as the client sent on it.
final class OneAnswerServer: Sendable {
    final class Count: Sendable {
        let value = Mutex(0)
    }

    let channel: any Channel
    private let accepted = Count()

    /// Connections accepted so far.
    var connections: Int { accepted.value.withLock { $0 } }
    var port: Int { channel.localAddress?.port ?? 0 }

    init() async throws {
        let accepted = self.accepted
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { child in
                accepted.value.withLock { $0 += 1 }
                return child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(AnswerOnceHandler()) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    func stop() async { try? await channel.close() }
}

/// Answers the first request (its head; a body is ignored), closes at the next.
final class AnswerOnceHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private var received = ""
    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        received += String(buffer: unwrapInboundIn(data))
        guard received.contains("\r\n\r\n") else { return }
        guard !answered else {
            context.close(promise: nil)
            return
        }
        answered = true
        received = ""
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok"
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: answer)), promise: nil)
    }
}
