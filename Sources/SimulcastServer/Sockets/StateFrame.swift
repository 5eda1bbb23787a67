import NIOCore
import Rooms

/// A `room.state` ready for many sockets: the JSON text, and the same text already framed as
/// one unmasked WebSocket text frame. A broadcast frames once and every socket writes the
/// framed bytes straight to the wire, past the frame encoder.
struct StateFrame: Sendable {
    let payload: ByteBuffer
    let framed: ByteBuffer

    init(text: String) {
        payload = ByteBuffer(string: text)
        var frame = ByteBuffer()
        frame.reserveCapacity(payload.readableBytes + 10)
        frame.writeInteger(UInt8(0x81))  // FIN, text
        switch payload.readableBytes {
        case ..<126:
            frame.writeInteger(UInt8(payload.readableBytes))
        case ..<65_536:
            frame.writeInteger(UInt8(126))
            frame.writeInteger(UInt16(payload.readableBytes))
        default:
            frame.writeInteger(UInt8(127))
            frame.writeInteger(UInt64(payload.readableBytes))
        }
        var body = payload
        frame.writeBuffer(&body)
        framed = frame
    }
}
