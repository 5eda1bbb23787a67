import HummingbirdWSClient
import Logging
import NIOSSL
import SimulcastCore

/// A room connection over a WebSocket (`ws://` or `wss://`), as the CLI and the load tools use.
public struct WebSocketRoomTransport: RoomTransport {
    /// For wss:// servers: which certificates to trust (nil: the system's).
    let tls: TLSConfiguration?
    let logger: Logger
    /// The wire's frame limit (docs/PROTOCOL.md): a larger frame from the server ends the connection.
    static let maximumFrameSize = 1 << 20

    public init(tls: TLSConfiguration? = nil, logger: Logger) {
        self.tls = tls
        self.logger = logger
    }

    public func connect(
        to url: String, room: String, clock: any LocalClock, session: @escaping @Sendable (RoomTransportLink) async throws -> Void
    ) async throws -> String? {
        let configuration = WebSocketClientConfiguration(maxFrameSize: Self.maximumFrameSize)
        try await WebSocketClient.connect(url: url, configuration: configuration, tlsConfiguration: tls, logger: logger) { inbound, outbound, _ in
            let (frames, delivered) = AsyncStream<RoomTransportLink.Frame>.makeStream()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { delivered.finish() }
                    for try await message in inbound.messages(maxSize: Self.maximumFrameSize) {
                        guard case .text(let text) = message else { continue }
                        delivered.yield(RoomTransportLink.Frame(text: text, receivedAt: clock.now()))
                    }
                }
                try await session(RoomTransportLink(frames: frames, write: { text in try await outbound.write(.text(text)) }))
                group.cancelAll()
            }
        }
        return nil
    }
}
