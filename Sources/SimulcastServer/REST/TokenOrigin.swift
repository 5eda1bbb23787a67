import Foundation
import Rooms

/// Which web origin a developer token may be bound to. Browsers send `Origin` on
/// cross-origin requests (and may leave it out on same-origin GETs); a page elsewhere must
/// never get a token. Allowed origins come only from the server's configuration
/// (`--public-origin`) and the address it listens on, never from `Host` or forwarded
/// headers, which any caller can write.
enum TokenOrigin {
    enum Decision: Equatable {
        case bind(String)
        case refuse(String)
    }

    /// - Parameter ownOrigins: the origins of the address the server listens on.
    static func decide(originHeader: String?, publicOrigins: [String], ownOrigins: [String]) -> Decision {
        let allowed = (publicOrigins + ownOrigins).map(WebOrigin.normalise)
        guard let originHeader, originHeader != "null" else {
            // A same-origin request: the page was served by us, from our configured origin.
            guard let first = allowed.first else { return .refuse("no public origin is configured and the listening address is unknown") }
            return .bind(first)
        }
        let origin = WebOrigin.normalise(originHeader)
        return allowed.contains(origin)
            ? .bind(origin) : .refuse("origin \(String(origin.prefix(100))) is not one this server is configured to serve (--public-origin)")
    }

    /// Origins a browser uses for a server listening on `hostname:port`.
    static func ownOrigins(hostname: String, port: Int?) -> [String] {
        guard let port, port > 0 else { return [] }
        switch hostname {
        case "127.0.0.1", "localhost", "::1": return ["http://127.0.0.1:\(port)", "http://localhost:\(port)"]
        case "0.0.0.0", "::": return []  // every interface: the public name is unknown; use --public-origin
        default: return ["http://\(hostname):\(port)"]
        }
    }
}
