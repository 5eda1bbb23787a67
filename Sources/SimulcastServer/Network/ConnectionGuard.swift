import NIOCore
import Rooms

/// The first handler on every TCP connection: admits it under the per-address and total
/// caps, and closes it if its request headers have not arrived within `headerTimeout`
/// (slowloris). It sees raw bytes, so it works the same before and after a WebSocket upgrade.
final class ConnectionGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    let limiter: ConnectionLimiter
    let headerTimeout: TimeAmount
    let metrics: ServerMetrics
    private var address: String?
    private var headersComplete = false
    /// Progress through "\r\n\r\n" across reads.
    private var terminatorProgress = 0
    private var deadline: Scheduled<Void>?

    init(limiter: ConnectionLimiter, headerTimeout: TimeAmount, metrics: ServerMetrics) {
        self.limiter = limiter
        self.headerTimeout = headerTimeout
        self.metrics = metrics
    }

    func channelActive(context: ChannelHandlerContext) {
        let ip = context.remoteAddress?.ipAddress ?? "unknown"
        switch limiter.admit(ip) {
        case .admitted:
            address = ip
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            deadline = context.eventLoop.scheduleTask(in: headerTimeout) {
                let (handler, context) = loopBound.value
                handler.headersTimedOut(context: context)
            }
            context.fireChannelActive()
        case .tooManyFromAddress:
            metrics.limitHit(.connectionsPerAddress)
            reject(context: context, status: "429 Too Many Requests", message: "too many connections from your address")
        case .tooManyFromNetwork:
            metrics.limitHit(.connectionsPerNetwork)
            reject(context: context, status: "429 Too Many Requests", message: "too many connections from your network")
        case .tooManyInTotal:
            metrics.limitHit(.connectionsTotal)
            reject(context: context, status: "503 Service Unavailable", message: "the server is at its connection limit; try again shortly")
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !headersComplete {
            let buffer = unwrapInboundIn(data)
            let terminator: [UInt8] = [13, 10, 13, 10]
            for byte in buffer.readableBytesView {
                if byte == terminator[terminatorProgress] {
                    terminatorProgress += 1
                } else {
                    terminatorProgress = byte == 13 ? 1 : 0
                }
                if terminatorProgress == 4 {
                    headersComplete = true
                    deadline?.cancel()
                    deadline = nil
                    break
                }
            }
        }
        context.fireChannelRead(data)
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        if let address {
            limiter.release(address)
            self.address = nil
        }
        context.fireChannelInactive()
    }

    private func headersTimedOut(context: ChannelHandlerContext) {
        guard !headersComplete, context.channel.isActive else { return }
        metrics.limitHit(.headerTimeout)
        reject(context: context, status: "408 Request Timeout", message: "request headers must arrive within \(headerTimeout.nanoseconds / 1_000_000_000) s")
    }

    /// Answers in plain HTTP/1.1 straight onto the socket (no parser is involved) and closes.
    private func reject(context: ChannelHandlerContext, status: String, message: String) {
        let body = "{\"error\":{\"code\":\"limit\",\"message\":\"\(message)\"}}"
        let text = "HTTP/1.1 \(status)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
        context.writeAndFlush(NIOAny(ByteBuffer(string: text)), promise: nil)
        context.close(promise: nil)
    }
}
