/// A source track's match on one service in one storefront.
public struct ServiceMatch: Hashable, Codable, Sendable {
    public var service: MusicService
    public var storefront: String
    public var result: MatchResult

    public init(service: MusicService, storefront: String, result: MatchResult) {
        self.service = service
        self.storefront = storefront
        self.result = result
    }
}
