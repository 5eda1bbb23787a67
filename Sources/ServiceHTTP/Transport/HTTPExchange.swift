import NIOCore
import NIOHTTP1

/// One request written to a connection and the promise of its whole answer.
struct HTTPExchange: Sendable {
    /// The answer as read: head, body, and whether the connection may carry another request.
    struct Answer: Sendable {
        var head: HTTPResponseHead
        var body: ByteBuffer
        var reusable: Bool
    }

    var head: HTTPRequestHead
    var body: ByteBuffer?
    var maximumBodyBytes: Int
    var host: String
    var answer: EventLoopPromise<Answer>
}
