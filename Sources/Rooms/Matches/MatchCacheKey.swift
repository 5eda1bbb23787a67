import SimulcastCore

/// One cached answer: this source track on that service in that storefront.
public struct MatchCacheKey: Hashable, Sendable, Codable {
    public var sourceService: MusicService
    public var sourceId: String
    public var targetService: MusicService
    public var storefront: String

    public init(sourceService: MusicService, sourceId: String, targetService: MusicService, storefront: String) {
        self.sourceService = sourceService
        self.sourceId = sourceId
        self.targetService = targetService
        self.storefront = storefront
    }
}
