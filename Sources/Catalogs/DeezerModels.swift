import SimulcastCore

struct DeezerTrackObject: Decodable, Sendable {
    struct Named: Decodable, Sendable { var name: String }
    struct Album: Decodable, Sendable {
        var title: String
        var cover_big: String?
    }

    var id: Int
    var readable: Bool?
    var title: String
    var isrc: String?
    var duration: Int?
    var track_position: Int?
    var disk_number: Int?
    var explicit_lyrics: Bool?
    var release_date: String?
    var artist: Named?
    var contributors: [Named]?
    var album: Album?
    var available_countries: [String]?

    func track(in storefront: String?) -> TrackMetadata? {
        if readable == false { return nil }
        if let storefront, let countries = available_countries, !countries.contains(storefront.uppercased()) { return nil }
        var artists = contributors?.map(\.name) ?? []
        if artists.isEmpty, let artist { artists = [artist.name] }
        return TrackMetadata(
            service: .deezer, id: String(id), title: title, artists: artists, album: album?.title, durationMs: duration.map { $0 * 1000 },
            isrc: isrc, trackNumber: track_position, discNumber: disk_number, explicit: explicit_lyrics, releaseDate: release_date,
            artworkURL: album?.cover_big
        )
    }
}

struct DeezerAlbumSearchResponse: Decodable, Sendable {
    struct Album: Decodable, Sendable {
        var id: Int
        var title: String
    }
    var data: [Album]
}

struct DeezerSearchResponse: Decodable, Sendable {
    var data: [DeezerTrackObject]
    var total: Int?
    var next: String?
}

/// Deezer reports errors with HTTP 200 and this object.
struct DeezerErrorEnvelope: Decodable, Sendable {
    struct Body: Decodable, Sendable {
        var type: String?
        var message: String?
        var code: Int?
    }
    var error: Body
}
