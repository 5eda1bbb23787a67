import HummingbirdCore
import Logging
import NIOCore
import Rooms

/// Hummingbird's HTTP/1.1 channel behind the server's `ConnectionGuard`: the plain-HTTP
/// redirect door shares the main door's connection caps (its connections count against the
/// same per-address, per-network and total limits) and its header deadline, and closes idle
/// keep-alive connections, so it cannot hold the descriptors HTTPS needs.
struct GuardedHTTP1Channel: HTTPChannelHandler {
    typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limiter: ConnectionLimiter
    let headerTimeout: TimeAmount
    let metrics: ServerMetrics

    var responder: Responder { inner.responder }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(ConnectionGuard(limiter: limiter, headerTimeout: headerTimeout, metrics: metrics))
        }.flatMap { inner.setup(channel: channel, logger: logger) }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
