import Foundation

/// A YouTube video named by a link a host pastes: `youtube.com/watch?v=ID` (also `m.`,
/// `music.` and `www.`), `youtu.be/ID`, `/shorts/ID`, `/embed/ID` and `/live/ID`, with or
/// without the scheme. Video ids are 11 characters of letters, digits, `-` and `_`.
public enum YouTubeLink {
    static let hosts: Set<String> = [
        "youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com",
    ]

    /// The video id the link names, or nil for anything else (words to search for included).
    public static func videoId(in text: String) -> String? {
        var link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !link.contains(" ") else { return nil }
        if !link.contains("://") { link = "https://" + link }
        guard let components = URLComponents(string: link), let host = components.host?.lowercased() else { return nil }
        let path = components.path.split(separator: "/").map(String.init)
        let id: String?
        if host == "youtu.be" {
            id = path.first
        } else if hosts.contains(host) {
            if path == ["watch"] {
                id = components.queryItems?.first(where: { $0.name == "v" })?.value
            } else if path.count >= 2, ["shorts", "embed", "live", "v"].contains(path[0]) {
                id = path[1]
            } else {
                id = nil
            }
        } else {
            id = nil
        }
        return id.flatMap { isVideoId($0) ? $0 : nil }
    }

    /// The playlist a `youtube.com/playlist?list=ID` link names; nil for anything else (a
    /// `watch?v=...&list=...` link is that video, as YouTube plays it).
    public static func playlistId(in text: String) -> String? {
        var link = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !link.contains(" ") else { return nil }
        if !link.contains("://") { link = "https://" + link }
        guard let components = URLComponents(string: link), let host = components.host?.lowercased(), hosts.contains(host),
            components.path.split(separator: "/") == ["playlist"],
            let id = components.queryItems?.first(where: { $0.name == "list" })?.value
        else { return nil }
        return isPlaylistId(id) ? id : nil
    }

    /// Playlist ids are letters, digits, `-` and `_`, a few dozen of them ("PL" and 32 more, "OLAK5uy_..." for albums).
    static func isPlaylistId(_ id: String) -> Bool {
        (2...64).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }

    public static func isVideoId(_ id: String) -> Bool {
        id.utf8.count == 11
            && id.utf8.allSatisfy { byte in
                (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
    }
}
