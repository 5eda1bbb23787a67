import Hummingbird
import NIOCore

/// A music service at its worst, on loopback: `/hang` never answers; `/trickle` sends its
/// status and headers, then one byte of body a second. For the lookups' time limits.
public enum FakeMisbehavingService {
    public static func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.get("/hang") { _, _ -> Response in
            try await Task.sleep(for: .seconds(3_600))
            return Response(status: .ok)
        }
        router.get("/trickle") { _, _ -> Response in
            let (bytes, continuation) = AsyncStream<ByteBuffer>.makeStream()
            let producer = Task {
                continuation.yield(ByteBuffer(string: "{"))
                for _ in 0..<600 {
                    try await Task.sleep(for: .seconds(1))
                    continuation.yield(ByteBuffer(string: " "))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in producer.cancel() }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(asyncSequence: bytes))
        }
        return router
    }
}
