import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The live transport: AsyncHTTPClient with a timeout and a cap on body size (a catalog
/// answer is never megabytes; a larger one is an error, not memory to spend).
public struct AsyncHTTPClientTransport: HTTPTransport {
    let client: HTTPClient
    let timeout: TimeAmount
    let maximumBodyBytes: Int

    public init(client: HTTPClient = .shared, timeout: TimeAmount = .seconds(15), maximumBodyBytes: Int = 8 << 20) {
        self.client = client
        self.timeout = timeout
        self.maximumBodyBytes = maximumBodyBytes
    }

    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(outgoing, timeout: timeout)
        let body = try await response.body.collect(upTo: maximumBodyBytes)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return TransportResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
    }
}
