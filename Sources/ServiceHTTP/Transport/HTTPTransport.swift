import Foundation

/// The one thing catalog clients need from the network: send a request, get the answer.
/// Live: `NIOHTTPTransport`. Tests point the same clients at loopback fake servers.
public protocol HTTPTransport: Sendable {
    /// Sends and reads the whole answer, giving up after `limit` when given (the time left in
    /// a lookup) or the transport's own timeout, whichever is shorter.
    func send(_ request: TransportRequest, within limit: Duration?) async throws -> TransportResponse
}

extension HTTPTransport {
    public func send(_ request: TransportRequest) async throws -> TransportResponse { try await send(request, within: nil) }
}
