import Foundation
import SimulcastCore

/// The iTunes Search API's body for both `search` and `lookup`.
struct ITunesSearchResponse: Decodable, Sendable {
    struct Result: Decodable, Sendable {
        var wrapperType: String?
        var kind: String?
        var trackId: Int?
        var trackName: String?
        var artistName: String?
        var collectionId: Int?
        var collectionName: String?
        var trackTimeMillis: Int?
        var trackNumber: Int?
        var discNumber: Int?
        var trackExplicitness: String?
        var releaseDate: String?
        var isStreamable: Bool?
        var artworkUrl100: String?
    }

    var resultCount: Int
    var results: [Result]

    /// The songs among the results (a lookup also returns the album itself, first).
    var songs: [TrackMetadata] {
        results.compactMap { result in
            guard result.wrapperType == "track", result.kind == nil || result.kind == "song",
                let id = result.trackId, let title = result.trackName
            else { return nil }
            return TrackMetadata(
                service: .appleMusic,
                id: String(id),
                title: title,
                artists: result.artistName.map { [$0] } ?? [],
                album: result.collectionName,
                durationMs: result.trackTimeMillis,
                trackNumber: result.trackNumber,
                discNumber: result.discNumber,
                explicit: result.trackExplicitness.map { $0 == "explicit" },
                releaseDate: result.releaseDate.map { String($0.prefix(10)) },
                // The 100 px address serves any size when the number is changed.
                artworkURL: result.artworkUrl100.map { $0.replacingOccurrences(of: "100x100bb", with: "600x600bb") }
            )
        }
    }
}
