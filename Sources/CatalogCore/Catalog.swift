import SimulcastCore

/// A music service's catalog, as far as matching needs it. Live clients (iTunes Search,
/// Apple Music API, Spotify, Deezer) and the offline file catalog implement it.
public protocol Catalog: Sendable {
    var service: MusicService { get }

    /// Free-text search the way the service's own search behaves, results in its order.
    func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata]

    /// One track by the service's own id, if it exists in the storefront.
    func track(id: String, storefront: String) async throws -> TrackMetadata?
}
