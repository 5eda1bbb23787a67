import Foundation
import SimulcastCore

/// A Mac player the host source reads over AppleScript: Spotify's desktop app or Apple's
/// Music app. Each answers one short script with one line of fields (see `MacAppReading`).
public enum MacMusicApp: String, CaseIterable, Hashable, Sendable {
    case spotify
    case music

    /// The application's name as AppleScript addresses it.
    public var applicationName: String {
        switch self {
        case .spotify: "Spotify"
        case .music: "Music"
        }
    }

    /// The fields are separated by the ASCII unit separator, which no title contains, and the
    /// script asks `is running` first, which (unlike `tell`) never launches the app.
    /// Spotify gives the track's `spotify url` and its duration in ms; Music gives the
    /// library's `persistent ID` and its duration in seconds. Numbers are written as
    /// AppleScript writes them (a comma for the decimal point in some regions).
    public var scriptLines: [String] {
        let identity = self == .spotify ? "spotify url" : "persistent ID"
        return [
            "if application \"\(applicationName)\" is not running then return \"not running\"",
            "tell application \"\(applicationName)\"",
            "set playerState to player state as text",
            "if playerState is \"stopped\" then return \"stopped\"",
            "set sep to character id 31",
            "set t to current track",
            "return \"track\" & sep & playerState & sep & (\(identity) of t) & sep & (name of t) & sep & (artist of t) & sep & (album of t) & sep & ((duration of t) as text) & sep & (player position as text)",
            "end tell",
        ]
    }

    /// Milliseconds in one unit of the app's `duration`.
    var durationUnitMs: Double { self == .spotify ? 1 : 1000 }

    /// What the room calls the app's track: Spotify's own id, or (Music's persistent ID
    /// belonging to one library only) the app's metadata, matched by title, artist, album
    /// and duration on every listener's service.
    func identity(of appId: String) -> (service: MusicService, id: String)? {
        switch self {
        case .spotify:
            guard let id = SpotifyTrackLink.id(in: appId) else { return nil }
            return (.spotify, id)
        case .music:
            let trimmed = appId.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : (.localFiles, "music:\(trimmed)")
        }
    }
}
