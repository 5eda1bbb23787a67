import Foundation
import SimulcastServer

/// The address friends open: an https:// public origin (the pages cannot play elsewhere).
public enum OriginCheck {
    static let name = "public origin"

    public static func judge(_ origins: [String]) -> DoctorCheck {
        let normalised = origins.map(WebOrigin.normalise)
        guard let first = normalised.first else {
            return DoctorCheck(
                name, .fail, "public-origin is not set: links and QR codes can only use the address each request came to",
                fix: "set public-origin to the https:// address friends open, e.g. public-origin = [\"https://listen.example.com\"]")
        }
        guard let secure = normalised.first(where: { $0.hasPrefix("https://") }) else {
            return DoctorCheck(
                name, .fail, "\(first) is not https://: browsers play music only on secure pages",
                fix:
                    "serve https (tls-certificate and tls-key, or Caddy in front: see the README's Host your own) and set public-origin to its https:// address"
            )
        }
        return DoctorCheck(name, .pass, secure)
    }

    /// The origin's host and port (443 unless it says otherwise).
    public static func hostAndPort(_ origin: String) -> (host: String, port: Int)? {
        guard let components = URLComponents(string: origin), let host = components.host else { return nil }
        return (host, components.port ?? (components.scheme == "https" ? 443 : 80))
    }
}
