import NIOCore
import NIOWebSocket

/// A connected peer: listeners time each room.state against its anchor (host send time,
/// same machine clock); every peer answers pings.
final class LoadPeer: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    let role: LoadClient.Role
    let recorder: LoadRecorder
    private var lastAnchor: Int64 = 0

    init(role: LoadClient.Role, recorder: LoadRecorder) {
        self.role = role
        self.recorder = recorder
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, maskKey: .random(), data: frame.data)), promise: nil)
        case .text:
            guard case .listener = role else { return }
            let now = LoadRecorder.nowMicros()
            // room.state keys are sorted: it starts with its anchor, whose "serverTime" comes first.
            let bytes = frame.data.readableBytesView
            if bytes.starts(with: Self.welcomePrefix) { return recorder.welcome() }
            guard bytes.starts(with: Self.anchorPrefix), let anchor = Self.firstInteger(after: Self.serverTimeKey, in: bytes) else { return }
            guard anchor != lastAnchor else { return }  // the same publish again (a match update)
            lastAnchor = anchor
            recorder.received(anchor: anchor, latencyMicros: now - anchor)
        default:
            break
        }
    }

    static let welcomePrefix = Array(#"{"connectionId":"#.utf8)
    static let anchorPrefix = Array(#"{"anchor":{"#.utf8)
    static let serverTimeKey = Array(#""serverTime":"#.utf8)

    static func firstInteger(after key: [UInt8], in bytes: ByteBufferView) -> Int64? {
        guard let range = bytes.firstRange(of: key) else { return nil }
        var value: Int64 = 0
        var index = range.upperBound
        var digits = 0
        while index < bytes.endIndex, (48...57).contains(bytes[index]) {
            value = value * 10 + Int64(bytes[index] - 48)
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }
}
