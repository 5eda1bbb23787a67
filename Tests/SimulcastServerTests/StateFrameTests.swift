import NIOCore
import RoomStorage
import Testing

@testable import Rooms
@testable import SimulcastServer

/// Broadcast states are framed by hand once and written past NIO's frame encoder, so the
/// three length encodings of RFC 6455 are checked here against a parser of our own.
@Suite struct StateFrameTests {
    @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 300_000])
    func framesAreUnmaskedFinalTextFramesOfTheRightLength(length: Int) {
        let text = String(repeating: "x", count: length)
        let frame = StateFrame(text: text)
        let bytes = Array(frame.framed.readableBytesView)
        let parsed = RawTCP.frames(in: bytes)
        #expect(parsed.count == 1)
        #expect(bytes[0] == 0x81)
        #expect(bytes[1] & 0x80 == 0)  // servers do not mask
        #expect(parsed.first?.opcode == 1)
        #expect(parsed.first?.payload.count == length)
        #expect(frame.payload.readableBytes == length)
    }
}
