import SimulcastCore

/// Catalogs that can find recordings by ISRC (Apple Music API, Deezer, Spotify, offline files).
public protocol ISRCLookupCatalog: Catalog {
    func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata]
}

/// Catalogs that list an album's tracks by its UPC (iTunes Search `lookup?upc=`).
public protocol AlbumUPCLookupCatalog: Catalog {
    func albumTracks(upc: String, storefront: String) async throws -> [TrackMetadata]
}

extension AppleMusicClient: ISRCLookupCatalog {
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        try await songs(isrc: isrc, storefront: storefront)
    }
}

extension DeezerClient: ISRCLookupCatalog {
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        try await track(isrc: isrc, storefront: storefront).map { [$0] } ?? []
    }
}

extension SpotifyClient: ISRCLookupCatalog {}

extension ITunesSearchClient: AlbumUPCLookupCatalog {}

extension OfflineCatalog: ISRCLookupCatalog {
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        entries.filter { $0.track.isrc?.uppercased() == isrc.uppercased() && $0.isAvailable(in: storefront) }.map(\.track)
    }
}
