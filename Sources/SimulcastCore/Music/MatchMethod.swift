/// How a match was made: the strategy, and the route it took where it has several. On the
/// wire it is one string, `strategy` or `strategy:route` ("seed:title+album"), as protocol
/// v1 has always sent it.
public struct MatchMethod: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Strategy: String, Hashable, Sendable, CaseIterable {
        /// Same service as the host: the host's own track.
        case identity
        /// A person said which track is right (`correct`).
        case correction
        /// The parsing, scoring matcher.
        case simulcast
        /// The method of the seed document (search, compare title and album, take the first).
        case seed
    }

    public enum Route: String, Hashable, Sendable, CaseIterable {
        // simulcast's routes, in the order it tries them.
        case isrc, upc, search, album
        // seed's routes.
        case titleAndAlbum = "title+album"
        case firstResult = "first-result"
        case titleOnly = "title-only"
        case cutTitle = "cut-title"
    }

    public var strategy: Strategy
    public var route: Route?

    public init(_ strategy: Strategy, _ route: Route? = nil) {
        self.strategy = strategy
        self.route = route
    }

    public static let identity = MatchMethod(.identity)
    public static let correction = MatchMethod(.correction)

    /// Parses the wire text. A route this version does not know is dropped, so a newer
    /// server's states still decode; an unknown strategy is refused.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        guard let first = parts.first, let strategy = Strategy(rawValue: first) else { return nil }
        self.init(strategy, parts.count > 1 ? Route(rawValue: parts[1]) : nil)
    }

    public var description: String { route.map { "\(strategy.rawValue):\($0.rawValue)" } ?? strategy.rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let method = MatchMethod(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown match method \"\(text.prefix(40))\""))
        }
        self = method
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
