import Foundation
import SimulcastCore

/// The headers every page is sent with: what it may load, where it may connect, who may frame
/// it (nobody), and which browser features it may ask for. The sources are the ones the pages
/// really use: this origin, the services' SDK hosts, Spotify's accounts and API hosts, Apple's
/// and Spotify's media and artwork hosts; the configured URLs (mirrors, the tests' stand-ins)
/// are added to them.
struct PageSecurityPolicy: Sendable {
    let contentSecurityPolicy: String

    /// Only the microphone (for calibration) and the wake lock, both for this page alone; the
    /// players' encrypted media and autoplay keep their defaults so the Spotify SDK's own
    /// frame can still be allowed them.
    static let permissionsPolicy =
        "microphone=(self), screen-wake-lock=(self), camera=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), display-capture=(), midi=()"

    init(web: WebListenerConfiguration) {
        func origin(_ url: String) -> String? {
            guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
            return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        }
        func webSocket(_ origin: String) -> String {
            origin.hasPrefix("https://") ? "wss://" + origin.dropFirst(8) : "ws://" + origin.dropFirst(7)
        }
        let publicOrigins = web.publicOrigins.map(WebOrigin.normalise)
        // YouTube's IFrame API script loads its widget script from www.youtube.com.
        let youtube = ["https://www.youtube.com"]
        let sdkScripts =
            [web.musicKitURL, web.spotifySDKURL].compactMap(origin) + (web.offersYouTube ? [web.youtubeIFrameAPIURL].compactMap(origin) + youtube : [])
        let spotify = [web.spotifyAccountsURL, web.spotifyAPIURL].compactMap(origin)
        let apple = ["https://*.apple.com", "https://*.mzstatic.com"]
        let spotifyHosts = ["https://*.spotify.com", "wss://*.spotify.com", "https://*.scdn.co", "https://*.spotifycdn.com"]
        func unique(_ sources: [String]) -> String { sources.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: " ") }
        let directives = [
            "default-src 'self'",
            "script-src " + unique(["'self'"] + sdkScripts),
            // Nodes a page may fail over to are this server's own origins (`?server=`).
            "connect-src " + unique(["'self'"] + publicOrigins + publicOrigins.map(webSocket) + spotify + apple + spotifyHosts + ["blob:"]),
            "img-src " + unique(["'self'", "data:", "blob:"] + ArtworkHosts.sources),
            "media-src " + unique(["'self'", "blob:", "data:"] + apple + spotifyHosts.filter { $0.hasPrefix("https:") }),
            "style-src 'self'",
            "font-src 'self'",
            "frame-src " + unique(["https://sdk.scdn.co", "https://*.apple.com"] + (web.offersYouTube ? youtube + ["https://www.youtube-nocookie.com"] : [])),
            "worker-src 'self' blob:",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
        contentSecurityPolicy = directives.joined(separator: "; ")
    }
}
