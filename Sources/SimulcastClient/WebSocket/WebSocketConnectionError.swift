/// Why a WebSocket connection did not open or ended badly. Descriptions name the host only,
/// never the path or query: a room link's query can carry a token.
public enum WebSocketConnectionError: Error, Equatable, CustomStringConvertible {
    /// Not an absolute ws or wss URL (shown without its query).
    case invalidURL(String)
    /// The server answered the upgrade request with plain HTTP (no such path, refused, a proxy's error page).
    case upgradeRefused(host: String)
    /// No upgrade within the handshake's time limit, or the connection closed during it.
    case handshakeFailed(host: String, reason: String)
    /// The server sent a message made of fragments larger than the client accepts.
    case messageTooLarge(host: String, limitBytes: Int)

    public var description: String {
        switch self {
        case .invalidURL(let url): "not a ws or wss address: \(url)"
        case .upgradeRefused(let host): "\(host) answered without opening a WebSocket"
        case .handshakeFailed(let host, let reason): "no WebSocket opened with \(host): \(reason)"
        case .messageTooLarge(let host, let limit): "\(host) sent a message larger than \(limit) bytes"
        }
    }
}
