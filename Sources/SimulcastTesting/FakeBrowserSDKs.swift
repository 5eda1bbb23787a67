import Foundation

/// Recording stand-ins for MusicKit JS and the Spotify Web Playback SDK, which the web page
/// tests load in headless Chromium. They live here so the server's bundle never ships them.
public enum FakeBrowserSDKs {
    public static var musicKitScript: String { get throws { try script("fake-musickit.js") } }
    public static var spotifyPlayerScript: String { get throws { try script("fake-spotify-player.js") } }

    private static func script(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: "Web/\(name)", withExtension: nil) else { throw CocoaError(.fileNoSuchFile) }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
