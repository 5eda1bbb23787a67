/// A handover as the room's state sees it: the new host's player goes on with the song the
/// room played, on its own service. The recording is the one the room played, so its matches
/// carry over and nobody waits for a lookup.
extension RoomState {
    /// When the room's new song is the previous song's match on another service (the new host
    /// playing on), every pair in `pairs` gets the previous song's match, and the previous
    /// host's own recording on its service; pairs already matched are left alone.
    public mutating func carryMatches(from previous: RoomTrack?, pairs: Set<ServiceMatchKey>) {
        guard var current = track, let previous, previous.source.service != current.source.service,
            previous.matches.contains(where: { $0.service == current.source.service && $0.result.isMatched && $0.result.track?.id == current.source.id })
        else { return }
        for pair in pairs.union(previous.matches.map { ServiceMatchKey(service: $0.service, storefront: $0.storefront) })
        where pair.service != current.source.service && current.match(for: pair.service, storefront: pair.storefront) == nil {
            if pair.service == previous.source.service {
                let reason = "the recording the room played before the host changed"
                current.setMatch(.matched(previous.source, confidence: 1, method: .identity, reasons: [reason]), for: pair.service, storefront: pair.storefront)
            } else if let carried = previous.match(for: pair.service, storefront: pair.storefront) {
                current.setMatch(carried, for: pair.service, storefront: pair.storefront)
            }
        }
        track = current
    }
}
