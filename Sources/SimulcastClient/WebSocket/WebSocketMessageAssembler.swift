import NIOCore
import NIOWebSocket

/// Joins a WebSocket message's fragments (RFC 6455 §5.4) up to a size: text messages come
/// out whole; binary ones are read and dropped.
struct WebSocketMessageAssembler {
    enum Outcome: Equatable {
        case text(String)
        case incomplete
        case tooLarge
        case protocolError
    }

    let maximumBytes: Int
    private var partial: ByteBuffer?
    private var partialIsText = false

    init(maximumBytes: Int) {
        self.maximumBytes = maximumBytes
    }

    mutating func add(_ frame: WebSocketFrame) -> Outcome {
        var data = frame.unmaskedData
        switch frame.opcode {
        case .text, .binary:
            guard partial == nil else { return .protocolError }  // a new message inside an unfinished one
            guard data.readableBytes <= maximumBytes else { return .tooLarge }
            if frame.fin { return frame.opcode == .text ? .text(String(buffer: data)) : .incomplete }
            partial = data
            partialIsText = frame.opcode == .text
            return .incomplete
        case .continuation:
            guard var joined = partial else { return .protocolError }
            guard joined.readableBytes + data.readableBytes <= maximumBytes else { return .tooLarge }
            joined.writeBuffer(&data)
            guard frame.fin else {
                partial = joined
                return .incomplete
            }
            partial = nil
            return partialIsText ? .text(String(buffer: joined)) : .incomplete
        default:
            return .incomplete  // pongs, reserved opcodes
        }
    }
}
