import Foundation

/// The one thing catalog clients need from the network: send a request, get the answer.
/// Live: AsyncHTTPClient. Tests point the same clients at loopback fake servers.
public protocol HTTPTransport: Sendable {
    /// Sends and reads the whole answer, giving up after `limit` when given (the time left in
    /// a lookup) or the transport's own timeout, whichever is shorter.
    func send(_ request: TransportRequest, within limit: Duration?) async throws -> TransportResponse
}

extension HTTPTransport {
    public func send(_ request: TransportRequest) async throws -> TransportResponse { try await send(request, within: nil) }
}

public struct TransportRequest: Sendable {
    public var method: String
    public var url: String
    public var headers: [(String, String)]
    public var body: Data?

    public init(method: String = "GET", url: String, headers: [(String, String)] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct TransportResponse: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }
}
