import SimulcastCore

/// Spotify Web API objects, as far as Simulcast reads them.
public struct SpotifyTrackObject: Decodable, Sendable {
    public struct Artist: Decodable, Sendable { public var id: String?; public var name: String }
    public struct Album: Decodable, Sendable {
        public var id: String?
        public var name: String
        public var release_date: String?
        public var external_ids: [String: String]?
        /// Largest first, as Spotify lists them.
        public var images: [Image]?
    }

    public struct Image: Decodable, Sendable { public var url: String }

    public var id: String?
    /// `spotify:track:ID`, or `spotify:local:ARTIST:ALBUM:TITLE:SECONDS` for a local file.
    public var uri: String?
    public var name: String
    public var artists: [Artist]
    public var album: Album?
    public var duration_ms: Int?
    public var explicit: Bool?
    public var external_ids: [String: String]?
    public var track_number: Int?
    public var disc_number: Int?
    public var is_local: Bool?
    public var is_playable: Bool?

    public var track: TrackMetadata? {
        // A local file has no id; its uri still names it, and its title and artist can be matched.
        guard let id = id ?? uri.flatMap({ $0.hasPrefix("spotify:local:") ? $0 : nil }) else { return nil }
        return TrackMetadata(
            service: .spotify, id: id, title: name, artists: artists.map(\.name), album: album?.name, durationMs: duration_ms,
            isrc: external_ids?["isrc"], albumUPC: album?.external_ids?["upc"], trackNumber: track_number, discNumber: disc_number,
            explicit: explicit, releaseDate: album?.release_date, artworkURL: album?.images?.first?.url
        )
    }
}

public struct SpotifyAlbumObject: Decodable, Sendable {
    public var id: String
    public var name: String
    public var external_ids: [String: String]?
    public var release_date: String?

    public var upc: String? { external_ids?["upc"] }
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
    public var progress_ms: Int?
    public var is_playing: Bool
    /// A track; nil for adverts, and for episodes (a different object this does not read).
    public var item: SpotifyTrackObject?
    /// track, episode, ad or unknown.
    public var currently_playing_type: String?

    public var isAdvert: Bool { currently_playing_type == "ad" }

    enum CodingKeys: String, CodingKey { case timestamp, progress_ms, is_playing, item, currently_playing_type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timestamp = try container.decodeIfPresent(Int64.self, forKey: .timestamp)
        progress_ms = try container.decodeIfPresent(Int.self, forKey: .progress_ms)
        is_playing = try container.decode(Bool.self, forKey: .is_playing)
        currently_playing_type = try container.decodeIfPresent(String.self, forKey: .currently_playing_type)
        // An episode has no artists: not a track, but not a broken answer either.
        item = currently_playing_type == "episode" ? nil : try container.decodeIfPresent(SpotifyTrackObject.self, forKey: .item)
    }
}

/// `GET /v1/me/player/queue`.
public struct SpotifyQueue: Decodable, Sendable {
    public var currently_playing: SpotifyTrackObject?
    public var queue: [SpotifyTrackObject]
}

struct SpotifyTokenResponse: Decodable, Sendable {
    var access_token: String
    var token_type: String
    var expires_in: Int
    var refresh_token: String?
    var scope: String?
}
