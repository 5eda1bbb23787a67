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

    /// Title and artist from a file name (`FileTrackName`, the rule the host's player side uses too).
    public static func track(forFileAt url: URL) -> TrackMetadata {
        let described = FileTrackName.describe(path: url.path)
        return TrackMetadata(service: .localFiles, id: url.path, title: described.title, artists: [described.artist])
    }
}
