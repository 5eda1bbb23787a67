import Foundation
import Hummingbird

/// Recording stand-ins for MusicKit JS, the Spotify Web Playback SDK and YouTube's IFrame
/// Player API, which the web page tests load in headless Chromium and WebKit. They live here so
/// the server's bundle never ships them.
public enum FakeBrowserSDKs {
    public static var musicKitScript: String { get throws { try script("fake-musickit.js") } }
    public static var spotifyPlayerScript: String { get throws { try script("fake-spotify-player.js") } }
    public static let youtubeIFrameAPIPath = "/fake-youtube-iframe-api.js"

    /// Serves them at `/fake-musickit.js`, `/fake-spotify-player.js` and
    /// `/fake-youtube-iframe-api.js`, for a server started as a process (`--musickit-script-url`,
    /// `--spotify-sdk-script-url`) and for the YouTube page (`youtube-iframe-api-url`).
    public static func router() throws -> Router<BasicRequestContext> {
        let router = Router()
        for name in ["fake-musickit.js", "fake-spotify-player.js", "fake-youtube-iframe-api.js"] {
            let text = try script(name)
            router.get("/\(name)") { _, _ in FakeServiceServer.text(text, status: .ok, contentType: "text/javascript; charset=utf-8") }
        }
        return router
    }

    private static func script(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Web/\(name)", withExtension: nil) else { throw CocoaError(.fileNoSuchFile) }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
