/// Why a request got no answer from the connection it was sent on. Descriptions name the
/// service's host, never a query or a header: those can carry a user's search or a token.
public enum HTTPConnectionError: Error, Equatable, CustomStringConvertible {
    /// Not an absolute http or https URL (shown without its query).
    case invalidURL(String)
    /// The connection closed before a whole answer came; `answerStarted` when part of one had.
    case closed(host: String, answerStarted: Bool)
    /// The answer's body was larger than the transport accepts.
    case bodyTooLarge(host: String, limitBytes: Int)

    public var description: String {
        switch self {
        case .invalidURL(let url): "not an http or https address: \(url)"
        case .closed(let host, let started): "\(host) closed the connection \(started ? "in the middle of its answer" : "before answering")"
        case .bodyTooLarge(let host, let limit): "\(host) answered with more than \(limit) bytes"
        }
    }

    /// A URL without its query or fragment, for an error message.
    package static func redacted(_ url: String) -> String {
        String(url.prefix { $0 != "?" && $0 != "#" }.prefix(200))
    }
}
