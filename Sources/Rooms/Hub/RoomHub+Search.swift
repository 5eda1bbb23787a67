import SimulcastCore

extension RoomHub {
    /// A listener's own service searched for a song to request; nil where no catalog is.
    package func searchSongs(_ term: String, on service: MusicService, storefront: String) async throws -> [TrackMetadata]? {
        try await matches.search(term, on: service, storefront: storefront)
    }
}
