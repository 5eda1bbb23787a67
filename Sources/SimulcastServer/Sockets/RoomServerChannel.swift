import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import NIOSSL
import NIOWebSocket
import Rooms
import ServiceLifecycle
import SimulcastCore
import Synchronization

/// The server's connection pipeline: TLS when the server has a certificate (each connection
/// takes the certificate of the moment, so a renewal needs no restart), the connection guard,
/// then HTTP/1.1 with NIO's
/// parser (malformed requests get 400 and are closed), upgrading `/v1/rooms/{code}/ws` to a
/// room WebSocket handled on the event loop by `RoomSocketHandler`; every other request goes
/// to the Hummingbird router.
struct RoomServerChannel: HTTPChannelHandler {
    enum Negotiated: Sendable {
        case http(NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>)
        case webSocket(any Channel)
    }

    struct Value: ServerChildChannelValue {
        let negotiated: EventLoopFuture<Negotiated>
        let channel: any Channel
    }

    let responder: Responder
    let sockets: RoomSocketFactory
    let limiter: ConnectionLimiter
    let tls: TLSContextStore?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let limits = sockets.limits
            // Before the guard, which reads the request's bytes in the clear; the guard's
            // deadline still covers the handshake, and its caps are checked at connect.
            if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls.context)) }
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(limiter: limiter, headerTimeout: TimeAmount(limits.headerTimeout), metrics: sockets.metrics))
            let factory = sockets
            let upgrader = NIOTypedWebSocketServerUpgrader<Negotiated>(
                maxFrameSize: limits.frameBytes,
                enableAutomaticErrorHandling: true,
                shouldUpgrade: { channel, head in
                    channel.eventLoop.makeSucceededFuture(RoomSocketFactory.roomCode(inPath: head.uri) != nil ? HTTPHeaders() : nil)
                },
                upgradePipelineHandler: { channel, head in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(factory.makeHandler(channel: channel, head: head))
                        return Negotiated.webSocket(channel)
                    }
                }
            )
            let idleTimeout = limits.idleTimeout
            let secure = tls != nil
            var configuration = NIOUpgradableHTTPServerPipelineConfiguration<Negotiated>(
                upgradeConfiguration: .init(upgraders: [upgrader]) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: secure))
                        try channel.pipeline.syncOperations.addHandler(HTTPConnectionStateHandler(idleTimeout: idleTimeout, logger: logger))
                        return Negotiated.http(
                            try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true)))
                    }
                })
            configuration.enablePipelining = false
            // NIO answers parse errors (garbage, HTTP/0.9, oversized headers, bad framing) with 400 and closes.
            configuration.enableErrorHandling = true
            configuration.enableResponseHeaderValidation = false
            configuration.decoderConfiguration.maxHeaderListSize = limits.headerBytes
            configuration.decoderConfiguration.maxHeaderFieldSize = limits.headerBytes
            configuration.decoderConfiguration.maxHeaderFieldCount = 100
            let negotiated = try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: configuration)
            try channel.pipeline.syncOperations.addHandler(HTTPParseErrorCloser(metrics: sockets.metrics))
            return Value(negotiated: negotiated, channel: channel)
        }
    }

    func handle(value: Value, logger: Logger) async {
        // A connection still sending its first request head when the server shuts down is
        // closed at once; after that, the HTTP and WebSocket paths handle shutdown themselves.
        let negotiated = Mutex(false)
        let channel = value.channel
        await withGracefulShutdownHandler {
            await handleNegotiated(value: value, logger: logger) { negotiated.withLock { $0 = true } }
        } onGracefulShutdown: {
            if !negotiated.withLock({ $0 }) { channel.close(promise: nil) }
        }
    }

    private func handleNegotiated(value: Value, logger: Logger, onNegotiated: () -> Void) async {
        do {
            let result = try await value.negotiated.get()
            onNegotiated()
            switch result {
            case .http(let http):
                await handleHTTP(asyncChannel: http, logger: logger)
            case .webSocket(let channel):
                // The socket handler runs on the event loop; this task only keeps the
                // connection counted by the server, and closes it (1001) on shutdown.
                try await withGracefulShutdownHandler {
                    try await channel.closeFuture.get()
                } onGracefulShutdown: {
                    channel.eventLoop.execute {
                        try? channel.pipeline.syncOperations.handler(type: RoomSocketHandler.self).close(code: 1001, reason: "server shutting down")
                    }
                }
            }
        } catch {
            logger.debug("connection ended before a request", metadata: ["error": "\(error)"])
        }
    }
}
