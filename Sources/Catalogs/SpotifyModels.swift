import SimulcastCore

/// Spotify Web API objects, as far as Simulcast reads them.
public struct SpotifyTrackObject: Decodable, Sendable {
    public struct Artist: Decodable, Sendable { public var id: String?; public var name: String }
    public struct Album: Decodable, Sendable {
        public var id: String?
        public var name: String
        public var releaseDate: String?
        public var externalIds: [String: String]?
        /// Largest first, as Spotify lists them.
        public var images: [Image]?

        enum CodingKeys: String, CodingKey {
            case id, name, images
            case releaseDate = "release_date"
            case externalIds = "external_ids"
        }
    }

    public struct Image: Decodable, Sendable { public var url: String }

    public var id: String?
    /// `spotify:track:ID`, or `spotify:local:ARTIST:ALBUM:TITLE:SECONDS` for a local file.
    public var uri: String?
    public var name: String
    public var artists: [Artist]
    public var album: Album?
    public var durationMs: Int?
    public var explicit: Bool?
    public var externalIds: [String: String]?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var isLocal: Bool?
    public var isPlayable: Bool?

    enum CodingKeys: String, CodingKey {
        case id, uri, name, artists, album, explicit
        case durationMs = "duration_ms"
        case externalIds = "external_ids"
        case trackNumber = "track_number"
        case discNumber = "disc_number"
        case isLocal = "is_local"
        case isPlayable = "is_playable"
    }

    public var track: TrackMetadata? {
        // A local file has no id; its uri still names it, and its title and artist can be matched.
        guard let id = id ?? uri.flatMap({ $0.hasPrefix("spotify:local:") ? $0 : nil }) else { return nil }
        return TrackMetadata(
            service: .spotify, id: id, title: name, artists: artists.map(\.name), album: album?.name, durationMs: durationMs,
            isrc: externalIds?["isrc"], albumUPC: album?.externalIds?["upc"], trackNumber: trackNumber, discNumber: discNumber,
            explicit: explicit, releaseDate: album?.releaseDate, artworkURL: album?.images?.first?.url
        )
    }
}

public struct SpotifyAlbumObject: Decodable, Sendable {
    public var id: String
    public var name: String
    public var externalIds: [String: String]?
    public var releaseDate: String?

    public var upc: String? { externalIds?["upc"] }

    enum CodingKeys: String, CodingKey {
        case id, name
        case externalIds = "external_ids"
        case releaseDate = "release_date"
    }
}

struct SpotifySearchResponse: Decodable, Sendable {
    struct Page: Decodable, Sendable {
        var items: [SpotifyTrackObject]
        var next: String?
        var total: Int?
    }
    var tracks: Page?
}

/// `GET /v1/me/player/currently-playing`.
public struct SpotifyCurrentlyPlaying: Decodable, Sendable {
    /// When the state last changed (not when it was fetched): do not use it as a clock.
    public var timestamp: Int64?
    public var progressMs: Int?
    public var isPlaying: Bool
    /// A track; nil for adverts, and for episodes (a different object this does not read).
    public var item: SpotifyTrackObject?
    /// track, episode, ad or unknown.
    public var currentlyPlayingType: String?

    public var isAdvert: Bool { currentlyPlayingType == "ad" }

    enum CodingKeys: String, CodingKey {
        case timestamp, item
        case progressMs = "progress_ms"
        case isPlaying = "is_playing"
        case currentlyPlayingType = "currently_playing_type"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timestamp = try container.decodeIfPresent(Int64.self, forKey: .timestamp)
        progressMs = try container.decodeIfPresent(Int.self, forKey: .progressMs)
        isPlaying = try container.decode(Bool.self, forKey: .isPlaying)
        currentlyPlayingType = try container.decodeIfPresent(String.self, forKey: .currentlyPlayingType)
        // An episode has no artists: not a track, but not a broken answer either.
        item = currentlyPlayingType == "episode" ? nil : try container.decodeIfPresent(SpotifyTrackObject.self, forKey: .item)
    }
}

/// `GET /v1/me/player/queue`.
public struct SpotifyQueue: Decodable, Sendable {
    public var currentlyPlaying: SpotifyTrackObject?
    public var queue: [SpotifyTrackObject]

    enum CodingKeys: String, CodingKey {
        case queue
        case currentlyPlaying = "currently_playing"
    }
}

public struct SpotifyTokenResponse: Decodable, Sendable {
    public var accessToken: String
    public var tokenType: String
    public var expiresIn: Int
    public var refreshToken: String?
    public var scope: String?

    enum CodingKeys: String, CodingKey {
        case scope
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
    }
}
