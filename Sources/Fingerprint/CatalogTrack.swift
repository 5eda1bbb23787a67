/// One reference recording in a fingerprint catalog.
public struct CatalogTrack: Hashable, Codable, Sendable {
    /// Exactly as given to `fingerprint index`.
    public var path: String
    public var title: String
    public var artist: String?
    public var seconds: Double

    public init(path: String, title: String, artist: String?, seconds: Double) {
        self.path = path
        self.title = title
        self.artist = artist
        self.seconds = seconds
    }
}
