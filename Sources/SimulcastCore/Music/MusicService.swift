/// A streaming service (or local files) a host plays from or a listener plays on.
///
/// Kept open (a raw string) rather than a closed enum so that a newer client naming a
/// service this server does not know yet gets a clear "no catalog" answer instead of a
/// decoding failure.
public struct MusicService: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { rawValue }

    /// The name people know it by, for text shown to them.
    public var displayName: String {
        switch self {
        case .spotify: "Spotify"
        case .appleMusic: "Apple Music"
        case .deezer: "Deezer"
        case .localFiles: "local files"
        case .youtube: "YouTube"
        default: rawValue
        }
    }

    public static let spotify = MusicService(rawValue: "spotify")
    public static let appleMusic = MusicService(rawValue: "apple-music")
    public static let deezer = MusicService(rawValue: "deezer")
    public static let localFiles = MusicService(rawValue: "local")
    /// YouTube videos, played in the IFrame player: no sign-in, no subscription.
    public static let youtube = MusicService(rawValue: "youtube")
}
