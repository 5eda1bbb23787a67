import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A loopback WebSocket server that runs a test's script on each connection to `/ws` (frames
/// in and out as they are on the wire, the client's masks included) and answers any other
/// path with a plain 404, as a server that will not upgrade does.
final class ScriptedWebSocketServer: Sendable {
    typealias Script = @Sendable (NIOAsyncChannelInboundStream<WebSocketFrame>, NIOAsyncChannelOutboundWriter<WebSocketFrame>) async throws -> Void

    private enum Upgrade: Sendable {
        case opened(NIOAsyncChannel<WebSocketFrame, WebSocketFrame>)
        case refused
    }

    let port: Int
    private let accepting: Task<Void, Never>

    init(maximumFrameBytes: Int = 1 << 20, script: @escaping Script) async throws {
        let listener: NIOAsyncChannel<EventLoopFuture<Upgrade>, Never> = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let upgrader = NIOTypedWebSocketServerUpgrader<Upgrade>(
                        maxFrameSize: maximumFrameBytes,
                        shouldUpgrade: { channel, head in channel.eventLoop.makeSucceededFuture(head.uri == "/ws" ? HTTPHeaders() : nil) },
                        upgradePipelineHandler: { channel, _ in
                            channel.eventLoop.makeCompletedFuture { .opened(try NIOAsyncChannel(wrappingChannelSynchronously: channel)) }
                        }
                    )
                    let configuration = NIOTypedHTTPServerUpgradeConfiguration<Upgrade>(
                        upgraders: [upgrader],
                        notUpgradingCompletionHandler: { channel in
                            channel.eventLoop.makeCompletedFuture {
                                let head = HTTPResponseHead(version: .http1_1, status: .notFound, headers: ["content-length": "0", "connection": "close"])
                                channel.write(HTTPServerResponsePart.head(head), promise: nil)
                                channel.writeAndFlush(HTTPServerResponsePart.end(nil), promise: nil)
                                return .refused
                            }
                        }
                    )
                    return try channel.pipeline.syncOperations.configureUpgradableHTTPServerPipeline(configuration: .init(upgradeConfiguration: configuration))
                }
            }
        port = listener.channel.localAddress?.port ?? 0
        accepting = Task {
            await withDiscardingTaskGroup { group in
                try? await listener.executeThenClose { connections in
                    for try await upgrade in connections {
                        group.addTask {
                            guard case .opened(let channel) = try? await upgrade.get() else { return }
                            try? await channel.executeThenClose { inbound, outbound in try await script(inbound, outbound) }
                        }
                    }
                }
            }
        }
    }

    func stop() { accepting.cancel() }
}
