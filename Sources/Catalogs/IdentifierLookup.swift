import SimulcastCore

/// Catalogs that can find recordings by ISRC (Apple Music API, Deezer, Spotify, offline files).
public protocol ISRCLookupCatalog: Catalog {
    func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata]
}

/// Catalogs that list an album's tracks by its UPC (iTunes Search `lookup?upc=`).
public protocol AlbumUPCLookupCatalog: Catalog {
    func albumTracks(upc: String, storefront: String) async throws -> [TrackMetadata]
}

/// Catalogs that find an album by its name and artist and list its tracks: the walk the
/// matcher takes when song search misses a track that is on the album under another spelling.
public protocol AlbumSearchCatalog: Catalog {
    func albumTracks(artist: String, album: String, storefront: String) async throws -> [TrackMetadata]
}

/// Catalogs that can search song titles only (iTunes `attribute=songTerm`, Deezer `track:"…"`),
/// so a title that is also an artist's or album's name does not drown in their results.
public protocol SongTitleSearchCatalog: Catalog {
    func search(songTitle: String, storefront: String, limit: Int) async throws -> [TrackMetadata]
}

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

extension OfflineCatalog: AlbumSearchCatalog {
    /// Tracks whose album names every word of `album` and whose artist shares a word with `artist`.
    public func albumTracks(artist: String, album: String, storefront: String) async throws -> [TrackMetadata] {
        let wanted = Set(SearchTerms.terms(of: album))
        let artistWords = Set(SearchTerms.terms(of: artist))
        guard !wanted.isEmpty else { return [] }
        return entries.filter { entry in
            guard entry.isAvailable(in: storefront), let name = entry.track.album, wanted.isSubset(of: Set(SearchTerms.terms(of: name))) else { return false }
            return entry.track.artists.contains { !artistWords.isDisjoint(with: SearchTerms.terms(of: $0)) }
        }.map(\.track)
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

extension OfflineCatalog: ISRCLookupCatalog {
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        entries.filter { $0.track.isrc?.uppercased() == isrc.uppercased() && $0.isAvailable(in: storefront) }.map(\.track)
    }
}

extension ITunesSearchClient: AlbumSearchCatalog {}
extension DeezerClient: AlbumSearchCatalog {}
extension AppleMusicClient: AlbumSearchCatalog {}
