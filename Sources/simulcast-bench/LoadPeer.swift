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

    /// The digits after the first `key` in `bytes`. A plain byte loop: the generic
    /// `firstRange(of:)` looked up type metadata on every call and made the measuring client
    /// cost more CPU per message than the server it measures.
    static func firstInteger(after key: [UInt8], in bytes: ByteBufferView) -> Int64? {
        bytes.withUnsafeBytes { raw -> Int64? in
            key.withUnsafeBytes { pattern -> Int64? in
                var start = 0
                while start + pattern.count <= raw.count {
                    var matched = 0
                    while matched < pattern.count, raw[start + matched] == pattern[matched] { matched += 1 }
                    if matched == pattern.count {
                        var value: Int64 = 0
                        var index = start + pattern.count
                        let digitsStart = index
                        while index < raw.count, raw[index] >= 48, raw[index] <= 57 {
                            value = value &* 10 &+ Int64(raw[index] - 48)
                            index += 1
                        }
                        return index > digitsStart ? value : nil
                    }
                    start += 1
                }
                return nil
            }
        }
    }
}
