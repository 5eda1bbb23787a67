import NIOCore
import NIOWebSocket

/// A connected peer: listeners time each room.state against its anchor (host send time,
/// same machine clock); every peer answers pings.
final class LoadPeer: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame
    let role: LoadClient.Role
    let recorder: LoadRecorder
    let tags: LoadClient.Tags
    private var lastAnchor: Int64 = 0
    private var recovering: Bool

    init(role: LoadClient.Role, recorder: LoadRecorder, tags: LoadClient.Tags) {
        self.role = role
        self.recorder = recorder
        self.tags = tags
        self.recovering = tags.recovering
    }

    func channelInactive(context: ChannelHandlerContext) {
        tags.onClose?()
        context.fireChannelInactive()
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
            if recovering {
                // Following again: the room's state, from the node it moved to.
                recovering = false
                recorder.recovered(at: now)
                lastAnchor = anchor
                return
            }
            guard anchor != lastAnchor else { return }  // the same publish again (a match update)
            lastAnchor = anchor
            recorder.received(anchor: anchor, latencyMicros: now - anchor, room: tags.room, crossNode: tags.crossNode)
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
