/// A host's snapshot with only artwork the services host: any other address is dropped before
/// the room stores it, so no listener's page is sent to fetch it (`ArtworkHosts`); and its
/// words without hidden formatting characters (`TrackMetadata.withShownText`).
extension PlaybackSnapshot {
    public func keepingServiceArtwork() -> PlaybackSnapshot {
        var kept = self
        kept.track = track.map { Self.keepingServiceArtwork($0).withShownText }
        kept.queue = queue?.map { Self.keepingServiceArtwork($0).withShownText }
        return kept
    }

    static func keepingServiceArtwork(_ track: TrackMetadata) -> TrackMetadata {
        guard let url = track.artworkURL, !ArtworkHosts.allows(url) else { return track }
        var kept = track
        kept.artworkURL = nil
        return kept
    }
}
