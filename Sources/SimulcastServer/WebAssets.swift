import Foundation
import Rooms

/// The web pages' files, read once from the bundle. Only names listed here are served (the
/// type declarations under `Web/types` are for the type check, not the browser).
struct WebAssets: Sendable {
    static let contentTypes = [
        "apple-host.js": "text/javascript; charset=utf-8",
        "apple-music-player.js": "text/javascript; charset=utf-8",
        "base.css": "text/css; charset=utf-8",
        "browser-support.js": "text/javascript; charset=utf-8",
        "calibrate.js": "text/javascript; charset=utf-8",
        "calibration-worklet.js": "text/javascript; charset=utf-8",
        "calibration.js": "text/javascript; charset=utf-8",
        "callback.html": "text/html; charset=utf-8",
        "callback.js": "text/javascript; charset=utf-8",
        "clock-sync.js": "text/javascript; charset=utf-8",
        "connection-driver.js": "text/javascript; charset=utf-8",
        "constants.js": "text/javascript; charset=utf-8",
        "dom.js": "text/javascript; charset=utf-8",
        "follow-target.js": "text/javascript; charset=utf-8",
        "follow.js": "text/javascript; charset=utf-8",
        "format.js": "text/javascript; charset=utf-8",
        "front.css": "text/css; charset=utf-8",
        "front.js": "text/javascript; charset=utf-8",
        "host-status.js": "text/javascript; charset=utf-8",
        "host.css": "text/css; charset=utf-8",
        "host.html": "text/html; charset=utf-8",
        "host.js": "text/javascript; charset=utf-8",
        "index.html": "text/html; charset=utf-8",
        "latency.js": "text/javascript; charset=utf-8",
        "linear-fit.js": "text/javascript; charset=utf-8",
        "listener-status.js": "text/javascript; charset=utf-8",
        "listener.html": "text/html; charset=utf-8",
        "listener.js": "text/javascript; charset=utf-8",
        "musickit.js": "text/javascript; charset=utf-8",
        "next-track.js": "text/javascript; charset=utf-8",
        "output-latency.js": "text/javascript; charset=utf-8",
        "player.css": "text/css; charset=utf-8",
        "presence-panel.js": "text/javascript; charset=utf-8",
        "rate-learner.js": "text/javascript; charset=utf-8",
        "reactions.js": "text/javascript; charset=utf-8",
        "room-connection.js": "text/javascript; charset=utf-8",
        "secure-origin.js": "text/javascript; charset=utf-8",
        "share.js": "text/javascript; charset=utf-8",
        "social.css": "text/css; charset=utf-8",
        "sound-panel.js": "text/javascript; charset=utf-8",
        "spotify-login.js": "text/javascript; charset=utf-8",
        "spotify-player.js": "text/javascript; charset=utf-8",
        "spotify-connect-player.js": "text/javascript; charset=utf-8",
        "spotify-devices.js": "text/javascript; charset=utf-8",
        "server-follow.js": "text/javascript; charset=utf-8",
        "history-panel.js": "text/javascript; charset=utf-8",
        "playlist-save.js": "text/javascript; charset=utf-8",
        "versions.js": "text/javascript; charset=utf-8",
        "song-requests.js": "text/javascript; charset=utf-8",
        "handover.js": "text/javascript; charset=utf-8",
        "spotify-web-api.js": "text/javascript; charset=utf-8",
        "storage.js": "text/javascript; charset=utf-8",
        "strings.js": "text/javascript; charset=utf-8",
        "timeout.js": "text/javascript; charset=utf-8",
        "wake-lock.js": "text/javascript; charset=utf-8",
        "tokens.css": "text/css; charset=utf-8",
    ]

    let files: [String: String]

    static func load() -> WebAssets {
        var files: [String: String] = [:]
        let folder = Bundle.module.url(forResource: "Web", withExtension: nil)
        for name in contentTypes.keys {
            if let url = folder?.appendingPathComponent(name), let text = try? String(contentsOf: url, encoding: .utf8) { files[name] = text }
        }
        return WebAssets(files: files)
    }

    /// A bundled file, or in test mode one of the SDK stand-ins.
    func file(_ name: String, testSDKs: WebTestSDKs? = nil) -> (text: String, contentType: String)? {
        if let script = testSDKs?.script(named: name) { return (script, "text/javascript; charset=utf-8") }
        guard let type = Self.contentTypes[name], let text = files[name] else { return nil }
        return (text, type)
    }
}
