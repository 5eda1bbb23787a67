import CatalogCore
import SimulcastCore

extension ITunesSearchClient: SongTitleSearchCatalog {
    public func search(songTitle: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        try await search(term: songTitle, attribute: .songTerm, storefront: storefront, limit: limit)
    }
}

extension DeezerClient: SongTitleSearchCatalog {
    public func search(songTitle: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        try await search(term: "track:\"\(Self.quoteless(songTitle))\"", storefront: storefront, limit: limit)
    }
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

extension ITunesSearchClient: AlbumSearchCatalog {}

extension DeezerClient: AlbumSearchCatalog {}

extension AppleMusicClient: AlbumSearchCatalog {}
