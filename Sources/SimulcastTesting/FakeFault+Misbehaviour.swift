import Hummingbird
import NIOCore

extension FakeFault {
    /// The answer to the faults every fake service shares (a service at its worst); nil for the
    /// ones each service answers in its own format.
    func misbehaviour() async throws -> Response? {
        switch self {
        case .hang:
            // Cancelled when the test's server stops; the bound only keeps a stray one finite.
            try await Task.sleep(for: .seconds(120))
            return Response(status: .noContent)
        case .trickle:
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "{"))
                    for _ in 0..<120 {
                        try await Task.sleep(for: .seconds(1))
                        try await writer.write(ByteBuffer(string: " "))
                    }
                })
        case .oversized(let bytes):
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(contentLength: bytes) { writer in
                    let chunk = ByteBuffer(repeating: UInt8(ascii: " "), count: 64 << 10)
                    var left = bytes
                    while left > 0 {
                        try await writer.write(left >= chunk.readableBytes ? chunk : chunk.getSlice(at: 0, length: left)!)
                        left -= chunk.readableBytes
                    }
                })
        case .garbage:
            return Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) })))
        case .status, .malformedBody, .deezerError:
            return nil
        }
    }
}
