import Foundation

/// How an untagged audio file is described, from its name: the one rule for the listener's
/// library (`LocalLibrary`) and the host's player (an MPRIS player such as mpv reports the
/// file's name as its title when the file has no tags). With two rules, the host said
/// "Test Artist - Song Number 2.ogg" while the library said "Song Number 2" by "Test Artist",
/// and untagged files never matched.
public enum FileTrackName {
    /// Title and artist of the file at `path`: "Artist - Title.ext" (leading track numbers
    /// dropped), else the file's name as title and the folder above as artist.
    public static func describe(path: String) -> (title: String, artist: String) {
        let url = URL(fileURLWithPath: path)
        var name = url.deletingPathExtension().lastPathComponent
        // "01 ", "3. ", "1-02 - "; a lone digit and a space may be a name ("5 Seconds of Summer").
        if let range = name.range(of: #"^(\d{1,3}-\d{1,3}|\d{2,3}|\d{1,3}\.)[ .\-_]+"#, options: .regularExpression) { name.removeSubrange(range) }
        let parts = name.components(separatedBy: " - ")
        let title = parts.count >= 2 ? parts.dropFirst().joined(separator: " - ") : name
        var artist = parts.count >= 2 ? parts[0] : url.deletingLastPathComponent().lastPathComponent
        if artist.isEmpty { artist = "Unknown" }
        return (title.trimmingCharacters(in: .whitespaces), artist.trimmingCharacters(in: .whitespaces))
    }

    /// Whether a player's title is only the file's name (with or without its extension): the
    /// file has no title tag.
    public static func isFileName(_ title: String, ofFileAt path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        return title == url.lastPathComponent || title == url.deletingPathExtension().lastPathComponent
    }
}
