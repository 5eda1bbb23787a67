import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import ServiceHTTP
import SimulcastCore

/// A client WebSocket (RFC 6455) over SwiftNIO: the room connection's transport and the tests'
/// raw peers. Text messages in (fragments joined, up to a size), text messages out; pings are
/// answered; the closing handshake is done both ways. Binary messages are skipped: nothing here
/// speaks them. TLS for `wss://` as `NIOHTTPTransport` does it.
///
/// This replaced hummingbird-websocket's client (issue 34's build time: two packages for the
/// hundred lines a text-only client needs).
public enum WebSocketConnection {
    /// The messages a connection delivers; it ends when the server closes, and throws when
    /// the connection breaks.
    public typealias Messages = AsyncThrowingStream<String, any Error>

    /// Opens a connection to `url` and runs `session` on it; when `session` returns, closes
    /// the connection politely (code 1000, waiting up to `closeLimit` for the server's reply).
    /// Returns the close code the server sent, nil when it sent none.
    @discardableResult
    public static func open(
        _ url: String,
        headers: [String: String] = [:],
        tls: TLSConfiguration? = nil,
        maximumMessageBytes: Int,
        handshakeLimit: Duration = .seconds(10),
        closeLimit: Duration = .seconds(5),
        group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        session: @escaping @Sendable (Messages, WebSocketOutbound) async throws -> Void
    ) async throws -> WebSocketErrorCode? {
        let (origin, target) = try parse(url)
        let channel = try await upgrade(
            origin, target: target, headers: headers, tls: tls, maximumMessageBytes: maximumMessageBytes, within: handshakeLimit, group: group)
        return try await channel.executeThenClose { inbound, writer in
            let outbound = WebSocketOutbound(writer)
            let (messages, delivery) = Messages.makeStream()
            return try await withThrowingTaskGroup(of: WebSocketErrorCode?.self) { group in
                group.addTask {
                    await read(inbound, into: delivery, answeringWith: outbound, maximumMessageBytes: maximumMessageBytes, host: origin.host)
                }
                do {
                    try await session(messages, outbound)
                } catch {
                    group.cancelAll()
                    throw error
                }
                await outbound.close(.normalClosure)
                group.addTask {
                    try await Task.sleep(for: closeLimit)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
        }
    }

    /// Reads frames until the server's close frame (answered, and its code returned), the end
    /// of the connection or cancellation; the messages stream ends with it.
    private static func read(
        _ inbound: NIOAsyncChannelInboundStream<WebSocketFrame>, into delivery: Messages.Continuation, answeringWith outbound: WebSocketOutbound,
        maximumMessageBytes: Int, host: String
    ) async -> WebSocketErrorCode? {
        var assembler = WebSocketMessageAssembler(maximumBytes: maximumMessageBytes)
        do {
            for try await frame in inbound {
                switch frame.opcode {
                case .ping:
                    try await outbound.pong(frame.unmaskedData)
                case .connectionClose:
                    var data = frame.unmaskedData
                    let code = data.readWebSocketErrorCode()
                    await outbound.close(code ?? .normalClosure)
                    delivery.finish()
                    return code
                default:
                    switch assembler.add(frame) {
                    case .text(let text): delivery.yield(text)
                    case .incomplete: break
                    case .tooLarge:
                        await outbound.close(.messageTooLarge)
                        delivery.finish(throwing: WebSocketConnectionError.messageTooLarge(host: host, limitBytes: maximumMessageBytes))
                        return nil
                    case .protocolError:
                        await outbound.close(.protocolError)
                        delivery.finish()
                        return nil
                    }
                }
            }
            delivery.finish()
        } catch NIOWebSocketError.invalidFrameLength {
            // One frame over the limit: the decoder refused it unread.
            await outbound.close(.messageTooLarge)
            delivery.finish(throwing: WebSocketConnectionError.messageTooLarge(host: host, limitBytes: maximumMessageBytes))
        } catch let error as NIOWebSocketError {
            await outbound.close(.protocolError)
            delivery.finish(throwing: error)
        } catch {
            delivery.finish(throwing: error)
        }
        return nil
    }

    private static func parse(_ url: String) throws(WebSocketConnectionError) -> (origin: HTTPOrigin, target: String) {
        let lowered = url.lowercased()
        let scheme = lowered.hasPrefix("wss://") ? "https" : lowered.hasPrefix("ws://") ? "http" : nil
        guard let scheme, let parsed = try? HTTPOrigin.parse(scheme + url.drop { $0 != ":" }) else {
            throw .invalidURL(HTTPConnectionError.redacted(url))
        }
        return parsed
    }

    private enum Upgrade: Sendable {
        case opened(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    /// Connects, sends the upgrade request and waits for the switch, all within `limit`: past
    /// it the connection is closed, which fails the wait.
    private static func upgrade(
        _ origin: HTTPOrigin, target: String, headers: [String: String], tls: TLSConfiguration?, maximumMessageBytes: Int, within limit: Duration,
        group: any EventLoopGroup
    ) async throws -> NIOAsyncChannel<WebSocketFrame, WebSocketFrame> {
        let ssl = try origin.secure ? NIOSSLContext(configuration: tls ?? .makeClientConfiguration()) : nil
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        head.headers.add(name: "host", value: origin.hostHeader)
        for (name, value) in headers { head.headers.add(name: name, value: value) }
        let request = head
        let negotiation: EventLoopFuture<Upgrade>
        do {
            negotiation = try await ClientBootstrap(group: group)
                .connectTimeout(.microseconds(max(1, limit.inMicroseconds)))
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .connect(host: origin.host, port: origin.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        if let ssl { try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: ssl, serverHostname: origin.serverName)) }
                        let upgrader = NIOTypedWebSocketClientUpgrader<Upgrade>(
                            maxFrameSize: maximumMessageBytes, enableAutomaticErrorHandling: false
                        ) { channel, _ in
                            channel.eventLoop.makeCompletedFuture { .opened(try NIOAsyncChannel(wrappingChannelSynchronously: channel)) }
                        }
                        let configuration = NIOTypedHTTPClientUpgradeConfiguration<Upgrade>(
                            upgradeRequestHead: request, upgraders: [upgrader],
                            notUpgradingCompletionHandler: { channel in channel.eventLoop.makeCompletedFuture { .refused } }
                        )
                        // A server may send its first frames right behind the 101, in the same read:
                        // NIO drops bytes left in the HTTP decoder unless told to pass them on.
                        var pipeline = NIOUpgradableHTTPClientPipelineConfiguration(upgradeConfiguration: configuration)
                        pipeline.leftOverBytesStrategy = .forwardBytes
                        let negotiated = try channel.pipeline.syncOperations.configureUpgradableHTTPClientPipeline(configuration: pipeline)
                        let deadline = channel.eventLoop.scheduleTask(in: .microseconds(max(1, limit.inMicroseconds))) { channel.close(promise: nil) }
                        negotiated.whenComplete { _ in deadline.cancel() }
                        return negotiated
                    }
                }
        } catch {
            throw WebSocketConnectionError.handshakeFailed(host: origin.host, reason: "\(error)")
        }
        let upgrade: Upgrade
        do {
            upgrade = try await negotiation.get()
        } catch {
            throw WebSocketConnectionError.handshakeFailed(host: origin.host, reason: "no upgrade within \(limit.inSeconds) s or the connection closed")
        }
        switch upgrade {
        case .opened(let channel): return channel
        case .refused: throw WebSocketConnectionError.upgradeRefused(host: origin.host)
        }
    }
}
