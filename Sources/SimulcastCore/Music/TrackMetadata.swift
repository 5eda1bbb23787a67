/// One recording as a service describes it. The field names follow the record format of
/// the matching data set, so catalog files and wire messages share one shape.
public struct TrackMetadata: Hashable, Codable, Sendable {
    public var service: MusicService
    public var id: String
    public var title: String
    public var artists: [String]
    public var album: String?
    public var durationMs: Int?
    public var isrc: String?
    public var albumUPC: String?
    public var trackNumber: Int?
    public var discNumber: Int?
    public var explicit: Bool?
    public var releaseDate: String?
    /// Cover art for listeners' screens (the largest the service gives, or a template
    /// filled in to 600 px for Apple Music).
    public var artworkURL: String?

    public init(
        service: MusicService,
        id: String,
        title: String,
        artists: [String],
        album: String? = nil,
        durationMs: Int? = nil,
        isrc: String? = nil,
        albumUPC: String? = nil,
        trackNumber: Int? = nil,
        discNumber: Int? = nil,
        explicit: Bool? = nil,
        releaseDate: String? = nil,
        artworkURL: String? = nil
    ) {
        self.service = service
        self.id = id
        self.title = title
        self.artists = artists
        self.album = album
        self.durationMs = durationMs
        self.isrc = isrc
        self.albumUPC = albumUPC
        self.trackNumber = trackNumber
        self.discNumber = discNumber
        self.explicit = explicit
        self.releaseDate = releaseDate
        self.artworkURL = artworkURL
    }

    /// "Artist - Title", for status lines and logs.
    public var displayName: String {
        artists.isEmpty ? title : "\(artists.joined(separator: ", ")) - \(title)"
    }
}
