import Foundation
import Hummingbird

/// Recording stand-ins for MusicKit JS and the Spotify Web Playback SDK, which the web page
/// tests load in headless Chromium. They live here so the server's bundle never ships them.
public enum FakeBrowserSDKs {
    public static var musicKitScript: String { get throws { try script("fake-musickit.js") } }
    public static var spotifyPlayerScript: String { get throws { try script("fake-spotify-player.js") } }

    /// Serves both at `/fake-musickit.js` and `/fake-spotify-player.js`, for a server started
    /// as a process (`--musickit-script-url`, `--spotify-sdk-script-url`).
    public static func router() throws -> Router<BasicRequestContext> {
        let router = Router()
        for name in ["fake-musickit.js", "fake-spotify-player.js"] {
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
