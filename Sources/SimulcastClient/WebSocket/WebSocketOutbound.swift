import NIOCore
import NIOWebSocket
import Synchronization

/// The writing side of a client WebSocket: text messages, one frame each, masked as a
/// client's must be (RFC 6455 §5.3); and the close frame, sent at most once.
public final class WebSocketOutbound: Sendable {
    private let writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>
    private let closeSent = Mutex(false)

    init(_ writer: NIOAsyncChannelOutboundWriter<WebSocketFrame>) {
        self.writer = writer
    }

    public func write(_ text: String) async throws {
        try await writer.write(WebSocketFrame(fin: true, opcode: .text, maskKey: .random(), data: ByteBuffer(string: text)))
    }

    func pong(_ data: ByteBuffer) async throws {
        try await writer.write(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: data))
    }

    /// Starts (or answers) the closing handshake; later calls do nothing.
    func close(_ code: WebSocketErrorCode) async {
        let first = closeSent.withLock { sent in
            defer { sent = true }
            return !sent
        }
        guard first else { return }
        var data = ByteBuffer()
        data.write(webSocketErrorCode: code)
        try? await writer.write(WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: .random(), data: data))
    }
}
