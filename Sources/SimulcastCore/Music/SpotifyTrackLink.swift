/// A Spotify track named the ways players and links name it: `spotify:track:ID` (the desktop
/// app's `spotify url`), `https://open.spotify.com/track/ID` and `/com/spotify/track/ID`
/// (the Linux client's MPRIS track id). Read by the MPRIS and the Mac app sources alike.
public enum SpotifyTrackLink {
    /// The track id, or nil for anything else (a local file's `spotify:local:...`, an episode).
    public static func id(in text: String) -> String? {
        for prefix in ["spotify:track:", "https://open.spotify.com/track/", "/com/spotify/track/"] where text.hasPrefix(prefix) {
            let id = text.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber }
            return id.isEmpty ? nil : String(id)
        }
        return nil
    }
}
