import NIOCore
import NIOHTTP1

/// The last handler of a client connection: writes one `HTTPExchange` at a time and fulfils its
/// promise with the whole answer, or fails it when the connection closes or errs first. A body
/// over the exchange's limit fails it and closes the connection (the rest is never read).
final class HTTPExchangeHandler: ChannelDuplexHandler {
    typealias InboundIn = HTTPClientResponsePart
    typealias OutboundIn = HTTPExchange
    typealias OutboundOut = HTTPClientRequestPart

    private var current: HTTPExchange?
    private var head: HTTPResponseHead?
    private var body: ByteBuffer?

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let exchange = unwrapOutboundIn(data)
        // The transport sends on a connection only once its last answer is complete.
        guard current == nil else {
            exchange.answer.fail(HTTPConnectionError.closed(host: exchange.host, answerStarted: false))
            promise?.fail(ChannelError.inappropriateOperationForState)
            return
        }
        current = exchange
        head = nil
        body = nil
        context.write(wrapOutboundOut(.head(exchange.head)), promise: nil)
        if let body = exchange.body, body.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let exchange = current else {
            // Nothing asked for it (an idle connection, or the rest of a refused body): the
            // connection can no longer be trusted to line answers up with requests.
            context.close(promise: nil)
            return
        }
        switch unwrapInboundIn(data) {
        case .head(let responseHead):
            head = responseHead
        case .body(var part):
            let received = (body?.readableBytes ?? 0) + part.readableBytes
            guard received <= exchange.maximumBodyBytes else {
                fail(HTTPConnectionError.bodyTooLarge(host: exchange.host, limitBytes: exchange.maximumBodyBytes))
                context.close(promise: nil)
                return
            }
            var collected = body ?? ByteBuffer()
            body = nil  // one owner while appending, so the buffer is not copied
            collected.writeBuffer(&part)
            body = collected
        case .end:
            guard let responseHead = head else {
                // The decoder never ends an answer it did not start; if it did, this is no answer.
                fail(HTTPConnectionError.closed(host: exchange.host, answerStarted: false))
                context.close(promise: nil)
                return
            }
            current = nil
            let reusable = responseHead.isKeepAlive && exchange.head.isKeepAlive
            exchange.answer.succeed(.init(head: responseHead, body: body ?? ByteBuffer(), reusable: reusable))
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let exchange = current { fail(HTTPConnectionError.closed(host: exchange.host, answerStarted: head != nil)) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        fail(error)
        context.close(promise: nil)
    }

    private func fail(_ error: any Error) {
        guard let exchange = current else { return }
        current = nil
        exchange.answer.fail(error)
    }
}
