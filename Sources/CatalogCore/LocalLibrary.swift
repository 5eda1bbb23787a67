import Foundation
import SimulcastCore

/// A listener's own music files as a catalog: either an offline catalog file (JSON Lines,
/// `id` = the file's path) or a folder scanned for audio files, whose names give title and
/// artist ("Artist - Title.flac", leading track numbers dropped).
public enum LocalLibrary {
    public static let audioExtensions: Set<String> = ["mp3", "flac", "ogg", "oga", "opus", "m4a", "aac", "wav", "aiff", "wma"]

    public static func load(_ path: String) throws -> OfflineCatalog {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw CatalogError(.unreadableFile, "no music library at \(path)")
        }
        if !isFolder.boolValue { return try OfflineCatalog(service: .localFiles, contentsOf: URL(fileURLWithPath: path)) }
        var tracks: [TrackMetadata] = []
        let root = URL(fileURLWithPath: path).standardizedFileURL
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            guard audioExtensions.contains(url.pathExtension.lowercased()) else { continue }
            tracks.append(track(forFileAt: url))
        }
        return OfflineCatalog(service: .localFiles, tracks: tracks)
    }

    /// Title and artist from a file name; the folder above names the artist when the file does not.
    public static func track(forFileAt url: URL) -> TrackMetadata {
        var name = url.deletingPathExtension().lastPathComponent
        // "01 ", "3. ", "1-02 - "; a lone digit and a space may be a name ("5 Seconds of Summer").
        if let range = name.range(of: #"^(\d{1,3}-\d{1,3}|\d{2,3}|\d{1,3}\.)[ .\-_]+"#, options: .regularExpression) { name.removeSubrange(range) }
        let parts = name.components(separatedBy: " - ")
        let title = parts.count >= 2 ? parts.dropFirst().joined(separator: " - ") : name
        var artist = parts.count >= 2 ? parts[0] : url.deletingLastPathComponent().lastPathComponent
        if artist.isEmpty { artist = "Unknown" }
        return TrackMetadata(
            service: .localFiles, id: url.path, title: title.trimmingCharacters(in: .whitespaces), artists: [artist.trimmingCharacters(in: .whitespaces)])
    }
}
