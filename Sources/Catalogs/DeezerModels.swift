import SimulcastCore

struct DeezerTrackObject: Decodable, Sendable {
    struct Named: Decodable, Sendable { var name: String }
    struct Album: Decodable, Sendable {
        var title: String
        var coverBig: String?

        enum CodingKeys: String, CodingKey {
            case title
            case coverBig = "cover_big"
        }
    }

    var id: Int
    var readable: Bool?
    var title: String
    var isrc: String?
    var duration: Int?
    var trackPosition: Int?
    var diskNumber: Int?
    var explicitLyrics: Bool?
    var releaseDate: String?
    var artist: Named?
    var contributors: [Named]?
    var album: Album?
    var availableCountries: [String]?

    enum CodingKeys: String, CodingKey {
        case id, readable, title, isrc, duration, artist, contributors, album
        case trackPosition = "track_position"
        case diskNumber = "disk_number"
        case explicitLyrics = "explicit_lyrics"
        case releaseDate = "release_date"
        case availableCountries = "available_countries"
    }

    func track(in storefront: String?) -> TrackMetadata? {
        if readable == false { return nil }
        if let storefront, let countries = availableCountries, !countries.contains(storefront.uppercased()) { return nil }
        var artists = contributors?.map(\.name) ?? []
        if artists.isEmpty, let artist { artists = [artist.name] }
        return TrackMetadata(
            service: .deezer, id: String(id), title: title, artists: artists, album: album?.title, durationMs: duration.map { $0 * 1000 },
            isrc: isrc, trackNumber: trackPosition, discNumber: diskNumber, explicit: explicitLyrics, releaseDate: releaseDate,
            artworkURL: album?.coverBig
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
