import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SimulcastCore
import Synchronization

/// The live transport: HTTP/1.1 over SwiftNIO, TLS by NIOSSL with the system's trust roots
/// (or the configuration given), connections kept alive per origin. A time limit covers the
/// connection, the head and the whole body; a body over the cap is an error, not memory to
/// spend (a catalog answer is never megabytes). No redirects are followed and nothing is
/// decompressed: the services' APIs answer directly, and a 3xx reaches the caller as it is.
///
/// This replaced AsyncHTTPClient in the product (issue 34's build time: AsyncHTTPClient
/// brought HTTP/2, swift-configuration and swift-algorithms into every build for the few
/// hundred lines the services' clients need). The tests still probe the server with it, so a
/// second, independent client checks this one's server.
public final class NIOHTTPTransport: HTTPTransport {
    let timeout: Duration
    let maximumBodyBytes: Int
    let tls: TLSConfiguration
    let group: any EventLoopGroup
    let idle: IdleConnections
    private let sslContext = Mutex<NIOSSLContext?>(nil)

    public init(
        timeout: Duration = .seconds(15), maximumBodyBytes: Int = 8 << 20, tls: TLSConfiguration = .makeClientConfiguration(),
        maximumIdlePerOrigin: Int = 8, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
        self.tls = tls
        self.idle = IdleConnections(maximumPerOrigin: maximumIdlePerOrigin)
        self.group = group
    }

    /// The process's shared transport with the default limits (`.live`): what a composition
    /// root (the CLI's commands, the benchmarks) hands the clients it builds.
    static let shared = NIOHTTPTransport()

    /// Connections open and idle, waiting for the next request to their origin.
    public var idleConnections: Int { idle.count }

    public func send(_ request: TransportRequest, within limit: Duration?) async throws -> TransportResponse {
        let limit = min(timeout, limit ?? timeout)
        let (origin, target) = try HTTPOrigin.parse(request.url)
        return try await TimeLimit.run(limit, expired: { TransportTimeout(limit: limit) }) {
            try await self.exchange(request, origin: origin, target: target, connectWithin: limit)
        }
    }

    private func exchange(_ request: TransportRequest, origin: HTTPOrigin, target: String, connectWithin limit: Duration) async throws -> TransportResponse {
        // A kept-alive connection may have been closed by the service a moment ago; a request
        // that is safe to repeat then goes once more on a new connection. One that is not
        // (a token exchange's POST) never rides an old connection.
        if Self.repeatable(request.method), let channel = idle.take(origin) {
            do {
                return try await exchange(request, origin: origin, target: target, on: channel)
            } catch HTTPConnectionError.closed(_, answerStarted: false) {}
        }
        let channel = try await connect(origin, within: limit)
        return try await exchange(request, origin: origin, target: target, on: channel)
    }

    private func exchange(_ request: TransportRequest, origin: HTTPOrigin, target: String, on channel: any Channel) async throws -> TransportResponse {
        var head = HTTPRequestHead(version: .http1_1, method: HTTPMethod(rawValue: request.method), uri: target)
        for (name, value) in request.headers { head.headers.add(name: name, value: value) }
        if !head.headers.contains(name: "host") { head.headers.add(name: "host", value: origin.hostHeader) }
        let body = request.body.map { ByteBuffer(bytes: $0) }
        if !head.headers.contains(name: "content-length"), body != nil || ["POST", "PUT", "PATCH"].contains(request.method) {
            // Spotify refuses a PUT without a length (411), even an empty one.
            head.headers.add(name: "content-length", value: "\(body?.readableBytes ?? 0)")
        }
        let answer = channel.eventLoop.makePromise(of: HTTPExchange.Answer.self)
        let exchange = HTTPExchange(head: head, body: body, maximumBodyBytes: maximumBodyBytes, host: origin.host, answer: answer)
        let result = try await withTaskCancellationHandler {
            channel.writeAndFlush(exchange).whenFailure { _ in answer.fail(HTTPConnectionError.closed(host: origin.host, answerStarted: false)) }
            return try await answer.futureResult.get()
        } onCancel: {
            channel.close(promise: nil)
        }
        if result.reusable { idle.put(channel, for: origin) } else { channel.close(promise: nil) }
        var headers: [String: String] = [:]
        for (name, value) in result.head.headers { headers[name.lowercased()] = value }
        return TransportResponse(status: Int(result.head.status.code), headers: headers, body: Data(result.body.readableBytesView))
    }

    private func connect(_ origin: HTTPOrigin, within limit: Duration) async throws -> any Channel {
        let ssl = origin.secure ? try context() : nil
        let idle = self.idle
        let channel = try await ClientBootstrap(group: group)
            .connectTimeout(.microseconds(max(1, limit.inMicroseconds)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let ssl { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: ssl, serverHostname: origin.serverName)) }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(HTTPExchangeHandler())
                }
            }
            .connect(host: origin.host, port: origin.port).get()
        channel.closeFuture.whenComplete { _ in idle.remove(channel, for: origin) }
        return channel
    }

    /// One TLS context for every connection (loading the trust roots is the costly part).
    private func context() throws -> NIOSSLContext {
        try sslContext.withLock { context in
            if let context { return context }
            let made = try NIOSSLContext(configuration: tls)
            context = made
            return made
        }
    }

    /// Methods HTTP defines as idempotent: sent twice, they do what sent once does.
    static func repeatable(_ method: String) -> Bool { ["GET", "HEAD", "PUT", "DELETE", "OPTIONS"].contains(method) }
}
