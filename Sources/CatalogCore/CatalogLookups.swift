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

/// Catalogs that list a playlist's tracks by its id (a YouTube playlist a host pasted), in
/// the playlist's order and as far as one page goes.
public protocol PlaylistCatalog: Catalog {
    func playlistTracks(id: String, storefront: String) async throws -> [TrackMetadata]
}
