import Foundation
import Hummingbird
import Logging
import NIOCore

/// Runs a fake service's router on a free loopback port for the length of a test.
public enum FakeServiceServer {
    public static func run<T: Sendable>(_ router: Router<BasicRequestContext>, _ body: @Sendable (_ baseURL: String) async throws -> T) async throws -> T {
        var logger = Logger(label: "fake")
        logger.logLevel = .critical
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            },
            logger: logger
        )
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            var port = 0
            for await bound in ports { port = bound }
            let result = try await body("http://127.0.0.1:\(port)")
            group.cancelAll()
            return result
        }
    }

    /// A JSON response in a service's own format.
    public static func json(_ object: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        let data = object.data
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    public static func text(_ text: String, status: HTTPResponse.Status, contentType: String = "text/plain") -> Response {
        Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
