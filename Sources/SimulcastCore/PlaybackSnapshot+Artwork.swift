/// A host's snapshot with only artwork the services host: any other address is dropped before
/// the room stores it, so no listener's page is sent to fetch it (`ArtworkHosts`).
extension PlaybackSnapshot {
    public func keepingServiceArtwork() -> PlaybackSnapshot {
        var kept = self
        kept.track = track.map(Self.keepingServiceArtwork)
        kept.queue = queue?.map(Self.keepingServiceArtwork)
        return kept
    }

    static func keepingServiceArtwork(_ track: TrackMetadata) -> TrackMetadata {
        guard let url = track.artworkURL, !ArtworkHosts.allows(url) else { return track }
        var kept = track
        kept.artworkURL = nil
        return kept
    }
}
