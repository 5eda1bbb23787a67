import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

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
        // Stopped by a graceful shutdown, never by cancelling its task: a connection accepted
        // while the serving task is cancelled is dropped unserved, and NIO traps on it
        // ("Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#3481), which
        // killed the whole test process when a product client polled a fake as it stopped.
        var configuration = ServiceGroupConfiguration(services: [.init(service: app)], gracefulShutdownSignals: [], logger: logger)
        // A hanging fake route must not hold a test: past this, the rest is cancelled (the
        // narrow window above remains only then); no cancellation bound, so nothing traps.
        configuration.maximumGracefulShutdownDuration = .seconds(10)
        let services = ServiceGroup(configuration: configuration)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await services.run()
                return nil
            }
            var port = 0
            for await bound in ports { port = bound }
            let outcome: Result<T, any Error>
            do { outcome = .success(try await body("http://127.0.0.1:\(port)")) } catch { outcome = .failure(error) }
            await services.triggerGracefulShutdown()
            while try await group.next() != nil {}
            return try outcome.get()
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
