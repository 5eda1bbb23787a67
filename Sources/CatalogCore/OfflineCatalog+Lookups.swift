import SimulcastCore

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

extension OfflineCatalog: ISRCLookupCatalog {
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        entries.filter { $0.track.isrc?.uppercased() == isrc.uppercased() && $0.isAvailable(in: storefront) }.map(\.track)
    }
}
