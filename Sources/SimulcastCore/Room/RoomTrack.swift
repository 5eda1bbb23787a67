/// A track as the room announces it: the host's original and its match on every
/// service (and storefront) the room's listeners use.
public struct RoomTrack: Hashable, Codable, Sendable {
    public var source: TrackMetadata
    public var matches: [ServiceMatch]

    public init(source: TrackMetadata, matches: [ServiceMatch] = []) {
        self.source = source
        self.matches = matches
    }

    public func match(for service: MusicService, storefront: String) -> MatchResult? {
        matches.first { $0.service == service && $0.storefront == storefront }?.result
    }

    /// Adds or replaces the match for one service and storefront.
    public mutating func setMatch(_ result: MatchResult, for service: MusicService, storefront: String) {
        if let index = matches.firstIndex(where: { $0.service == service && $0.storefront == storefront }) {
            matches[index].result = result
        } else {
            matches.append(ServiceMatch(service: service, storefront: storefront, result: result))
        }
    }
}
