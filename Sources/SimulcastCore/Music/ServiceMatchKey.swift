/// A service in one storefront: the unit a room keeps matches for.
public struct ServiceMatchKey: Hashable, Sendable {
    public var service: MusicService
    public var storefront: String

    public init(service: MusicService, storefront: String) {
        self.service = service
        self.storefront = storefront
    }
}
