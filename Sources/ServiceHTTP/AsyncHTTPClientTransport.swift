import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastCore

/// The live transport: AsyncHTTPClient with a timeout and a cap on body size (a catalog
/// answer is never megabytes; a larger one is an error, not memory to spend).
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient
    let timeout: TimeAmount
    let maximumBodyBytes: Int

    public init(client: HTTPClient, timeout: TimeAmount = .seconds(15), maximumBodyBytes: Int = 8 << 20) {
        self.client = client
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The process's shared AsyncHTTPClient with the default limits: what a composition root
    /// (the CLI's commands, the benchmarks) hands the clients it builds.
    public static let live = AsyncHTTPClientTransport(client: HTTPClient.shared)

    public func send(_ request: TransportRequest, within limit: Duration?) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        // The time limit covers the body too: a service that sends its head and then trickles
        // (or stops) held a lookup for minutes behind a deadline that ended with the head.
        // A task group here costs a timer per request, which is nothing beside the network wait.
        let (client, maximumBodyBytes) = (self.client, self.maximumBodyBytes)
        let limit = min(Duration.nanoseconds(timeout.nanoseconds), limit ?? .nanoseconds(timeout.nanoseconds))
        let headTimeout = TimeAmount.microseconds(max(1, limit.inMicroseconds))
        let request = outgoing
        return try await TimeLimit.run(limit, expired: { TransportTimeout(limit: limit) }) {
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, timeout: headTimeout)
            } catch let error as HTTPClientError where error == .deadlineExceeded {
                // The head's own timer and the limit fall due together; either way it is the limit.
                throw TransportTimeout(limit: limit)
            }
            let body = try await response.body.collect(upTo: maximumBodyBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        }
    }
}
