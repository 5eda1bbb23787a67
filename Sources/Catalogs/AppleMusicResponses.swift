import Foundation
import SimulcastCore

/// Apple Music API bodies: resources in `data`, search results under `results.songs`.
struct AppleMusicSongsResponse: Decodable, Sendable {
    var data: [AppleMusicSong]
    var next: String?
}

struct AppleMusicSearchResponse: Decodable, Sendable {
    struct Results: Decodable, Sendable {
        var songs: AppleMusicSongsResponse?
    }
    var results: Results
}

struct AppleMusicAlbumSearchResponse: Decodable, Sendable {
    struct Album: Decodable, Sendable { var id: String }
    struct Albums: Decodable, Sendable { var data: [Album] }
    struct Results: Decodable, Sendable { var albums: Albums? }
    var results: Results
}

struct AppleMusicSong: Decodable, Sendable {
    struct Attributes: Decodable, Sendable {
        var name: String
        var artistName: String
        var albumName: String?
        var durationInMillis: Int?
        var isrc: String?
        var trackNumber: Int?
        var discNumber: Int?
        var contentRating: String?
        var releaseDate: String?
        var artwork: Artwork?
    }

    struct Artwork: Decodable, Sendable {
        /// A template with `{w}` and `{h}`.
        var url: String?
    }

    var id: String
    var type: String
    var attributes: Attributes?

    var track: TrackMetadata? {
        guard let attributes else { return nil }
        return TrackMetadata(
            service: .appleMusic, id: id, title: attributes.name, artists: [attributes.artistName], album: attributes.albumName,
            durationMs: attributes.durationInMillis, isrc: attributes.isrc, trackNumber: attributes.trackNumber, discNumber: attributes.discNumber,
            explicit: attributes.contentRating.map { $0 == "explicit" }, releaseDate: attributes.releaseDate,
            artworkURL: attributes.artwork?.url.map { $0.replacingOccurrences(of: "{w}", with: "600").replacingOccurrences(of: "{h}", with: "600") }
        )
    }
}
