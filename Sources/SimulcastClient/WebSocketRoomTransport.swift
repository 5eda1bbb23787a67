import NIOSSL
import ServiceHTTP
import SimulcastCore

/// A room connection over a WebSocket (`ws://` or `wss://`), as the CLI and the load tools use.
public struct WebSocketRoomTransport: RoomTransport {
    /// For wss:// servers: which certificates to trust (nil: the system's).
    let tls: TLSConfiguration?
    /// The wire's frame limit (docs/PROTOCOL.md): a larger frame from the server ends the connection.
    static let maximumFrameSize = 1 << 20

    public init(tls: TLSConfiguration? = nil) {
        self.tls = tls
    }

    public func connect(
        to url: String, room: String, clock: any LocalClock, session: @escaping @Sendable (RoomTransportLink) async throws -> Void
    ) async throws -> String? {
        try await WebSocketConnection.open(url, tls: tls, maximumMessageBytes: Self.maximumFrameSize) { messages, outbound in
            let (frames, delivered) = AsyncStream<RoomTransportLink.Frame>.makeStream()
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { delivered.finish() }
                    for try await text in messages { delivered.yield(RoomTransportLink.Frame(text: text, receivedAt: clock.now())) }
                }
                try await session(RoomTransportLink(frames: frames, write: { text in try await outbound.write(text) }))
                group.cancelAll()
            }
        }
        return nil
    }
}
