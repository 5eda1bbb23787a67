import Catalogs
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ServiceHTTP
import SimulcastCore

/// A one-purpose HTTP listener on 127.0.0.1 that catches an OAuth redirect and hands over
/// its query fields. Bound to loopback only: nothing else on the network can reach it.
public final class LoopbackRedirectReceiver: Sendable {
    let channel: any Channel
    let redirects: AsyncStream<[String: String]>

    private init(channel: any Channel, redirects: AsyncStream<[String: String]>) {
        self.channel = channel
        self.redirects = redirects
    }

    public static func start(port: Int, path: String) async throws -> LoopbackRedirectReceiver {
        let (redirects, continuation) = AsyncStream<[String: String]>.makeStream()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(RedirectHandler(path: path, deliver: { continuation.yield($0) }))
                }
            }
        do {
            let channel = try await bootstrap.bind(host: "127.0.0.1", port: port).get()
            return LoopbackRedirectReceiver(channel: channel, redirects: redirects)
        } catch {
            throw CatalogServiceError.notConfigured(
                .spotify, detail: "cannot listen on 127.0.0.1:\(port) for the login redirect (\(error)); pick another --port")
        }
    }

    public var port: Int? { channel.localAddress?.port }

    public func waitForRedirect(timeoutSeconds: Double) async throws -> [String: String] {
        try await withThrowingTaskGroup(of: [String: String]?.self) { group in
            group.addTask {
                for await fields in self.redirects { return fields }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int64(timeoutSeconds * 1000)))
                return nil
            }
            defer { group.cancelAll() }
            guard let result = try await group.next() ?? nil else {
                throw CatalogServiceError.notConfigured(.spotify, detail: "no login redirect arrived within \(Int(timeoutSeconds)) s")
            }
            return result
        }
    }

    public func stop() async {
        try? await channel.close()
    }
}

private final class RedirectHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart
    let path: String
    let deliver: @Sendable ([String: String]) -> Void

    init(path: String, deliver: @escaping @Sendable ([String: String]) -> Void) {
        self.path = path
        self.deliver = deliver
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let components = URLComponents(string: head.uri)
        let matches = components?.path == path
        let text = matches ? "Simulcast received the login. You can close this tab." : "Not found"
        if matches {
            var fields: [String: String] = [:]
            for item in components?.queryItems ?? [] { fields[item.name] = item.value ?? "" }
            deliver(fields)
        }
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(text.utf8.count))
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: matches ? .ok : .notFound, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text)))), promise: nil)
        // The channel, not the context, crosses into the completion (the context is not Sendable).
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
