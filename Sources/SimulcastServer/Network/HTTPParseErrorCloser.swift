import NIOCore
import NIOHTTP1
import Rooms

/// Closes a connection after an HTTP parse error (NIO's error handler, earlier in the
/// pipeline, has already answered 400), and counts it.
final class HTTPParseErrorCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny
    let metrics: ServerMetrics

    init(metrics: ServerMetrics) { self.metrics = metrics }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        metrics.limitHit(.malformedHTTP)
        context.close(promise: nil)
    }
}
