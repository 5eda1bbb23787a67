import SimulcastCore

/// Why a host's request to be followed by the server was refused. Its text is shown to the
/// host as it is: it never carries a code or a token.
public enum HostingRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// This server was started without what hosting with the service needs (its client id).
    case notOffered(MusicService)
    /// The music service refused the login (a used code, a wrong verifier or redirect URI).
    case loginRefused(MusicService)
    /// The music service could not be reached or answered nonsense; try again.
    case serviceUnavailable(MusicService)

    public var description: String {
        switch self {
        case .notOffered(let service): "this server does not host rooms from the browser with \(service.displayName)"
        case .loginRefused(let service): "\(service.displayName) refused the login; log in again"
        case .serviceUnavailable(let service): "\(service.displayName) could not be reached to finish the login; try again"
        }
    }
}
