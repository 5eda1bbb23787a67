import SimulcastCore

extension Components.Schemas.Track {
    /// A track as the REST API shows it: every field the service gave.
    init(_ track: TrackMetadata) {
        self.init(
            service: track.service.rawValue, id: track.id, title: track.title, artists: track.artists, album: track.album, durationMs: track.durationMs,
            isrc: track.isrc, albumUPC: track.albumUPC, trackNumber: track.trackNumber, discNumber: track.discNumber, explicit: track.explicit,
            releaseDate: track.releaseDate, artworkURL: track.artworkURL)
    }
}
