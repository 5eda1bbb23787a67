import SimulcastCore

/// A service in one country: matches are made per pair, since catalogs differ by country.
struct ServiceStorefront: Hashable, Sendable {
    var service: MusicService
    var storefront: String
}
