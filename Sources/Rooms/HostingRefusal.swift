/// Why a host's request to be followed by the server was refused. Its text is shown to the
/// host as it is: it never carries a code or a token.
public enum HostingRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// This server was started without what hosting needs (a Spotify client id).
    case notOffered
    /// The music service refused the login (a used code, a wrong verifier or redirect URI).
    case loginRefused
    /// The music service could not be reached or answered nonsense; try again.
    case serviceUnavailable

    public var description: String {
        switch self {
        case .notOffered: "this server does not host from the browser (it has no --spotify-web-client-id)"
        case .loginRefused: "Spotify refused the login; log in again"
        case .serviceUnavailable: "Spotify could not be reached to finish the login; try again"
        }
    }
}
