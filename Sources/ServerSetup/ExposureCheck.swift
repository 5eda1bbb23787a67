import SimulcastServer

/// What the server says at start when friends could not play through it: the pages need a
/// secure origin (HTTPS, or this machine's own browser), so a server reachable from other
/// machines over plain HTTP, with no https:// public origin in front, serves pages that can
/// never play.
public enum ExposureCheck {
    public static func warnings(_ server: ServerConfiguration) -> [String] {
        let httpsFront = server.web.publicOrigins.contains { WebOrigin.normalise($0).hasPrefix("https://") }
        var warnings: [String] = []
        if server.tls == nil, !httpsFront, !isLoopback(server.hostname) {
            warnings.append(
                "listening on \(server.hostname) over plain HTTP with no https:// public-origin: browsers on other machines cannot play music from the pages (HTTPS is required). Give the server tls-certificate and tls-key, or put Caddy in front and set public-origin to its https:// address."
            )
        }
        for origin in server.web.publicOrigins.map(WebOrigin.normalise) where origin.hasPrefix("http://") && !httpsFront {
            warnings.append("public-origin \(origin) is not https://: friends who open links to it cannot play music")
        }
        return warnings
    }

    static func isLoopback(_ hostname: String) -> Bool {
        hostname == "localhost" || hostname == "::1" || hostname.hasPrefix("127.")
    }
}
