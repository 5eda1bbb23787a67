/// Who a connection or request comes from, for rate limits and the token origin. The
/// application resolves it from the socket and the forwarding headers it trusts.
public struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
    /// The client's IP address (or "unknown").
    public var ip: String
    /// "https" only when a trusted proxy said so.
    public var scheme: String

    public init(ip: String, scheme: String) {
        self.ip = ip
        self.scheme = scheme
    }

    public var description: String { ip }
}
