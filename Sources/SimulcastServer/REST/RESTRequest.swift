import Foundation
import HTTPTypes
import Rooms

/// What the REST handlers need of the HTTP request that the operations generated from
/// openapi.yaml do not carry: who sent it (for the per-address limits) and its bearer token.
/// `RESTRequestMiddleware` sets it around each request.
struct RESTRequest: Sendable {
    @TaskLocal static var current: RESTRequest?

    /// The client, through the trusted proxies.
    var client: ClientAddress
    /// The socket's own peer (nil for an in-process request): `/metrics` answers loopback.
    var peerIP: String?
    /// The token of `Authorization: Bearer …`, if any.
    var bearer: String?

    init(client: ClientAddress, peerIP: String?, headers: HTTPFields) {
        self.client = client
        self.peerIP = peerIP
        if let value = headers[.authorization], value.lowercased().hasPrefix("bearer ") {
            bearer = String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// Outside a request (never in the server): an unknown client with no token.
    static let unknown = RESTRequest(client: ClientAddress(ip: "unknown", scheme: "http"), peerIP: "unknown", headers: [:])
}
