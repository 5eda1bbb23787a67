/// The room's match upkeep: which tracks still need a match, which pairs it keeps, and
/// recording an answer wherever its track appears.
extension RoomState {
    /// Every track the room holds (current first, then the queue) that still lacks a match
    /// for the given service and storefront.
    public func tracksNeedingMatch(service: MusicService, storefront: String) -> [TrackMetadata] {
        ([track].compactMap { $0 } + queue)
            .filter { $0.match(for: service, storefront: storefront) == nil }
            .map(\.source)
    }

    /// The source of the track (current or queued) the room holds with this id, if it holds one.
    public func holds(sourceService: MusicService, sourceId: String) -> TrackMetadata? {
        ([track].compactMap { $0 } + queue).map(\.source).first { $0.service == sourceService && $0.id == sourceId }
    }

    /// Tracks (current and queued) whose answer for this service and storefront has `status`.
    public func tracks(whoseMatchIs status: MatchResult.Status, service: MusicService, storefront: String) -> [TrackMetadata] {
        ([track].compactMap { $0 } + queue)
            .filter { $0.match(for: service, storefront: storefront)?.status == status }
            .map(\.source)
    }

    /// Drops match entries for service and storefront pairs nobody in the room uses any more,
    /// so listeners that came and went cannot grow the state everyone receives.
    public mutating func retainMatches(for pairs: Set<ServiceMatchKey>) {
        func prune(_ track: inout RoomTrack) { track.matches.removeAll { !pairs.contains(ServiceMatchKey(service: $0.service, storefront: $0.storefront)) } }
        if var current = track {
            prune(&current)
            track = current
        }
        for index in queue.indices { prune(&queue[index]) }
    }

    /// The service and storefront pairs some track in the room has a match entry for.
    public var matchedPairs: Set<ServiceMatchKey> {
        Set(([track].compactMap { $0 } + queue).flatMap { $0.matches.map { ServiceMatchKey(service: $0.service, storefront: $0.storefront) } })
    }

    /// Records a match wherever the source track appears (current track and queue).
    /// Returns false when the room no longer holds that track.
    public mutating func setMatch(_ result: MatchResult, for source: TrackMetadata, service: MusicService, storefront: String) -> Bool {
        var changed = false
        if track?.source == source {
            track?.setMatch(result, for: service, storefront: storefront)
            changed = true
        }
        for index in queue.indices where queue[index].source == source {
            queue[index].setMatch(result, for: service, storefront: storefront)
            changed = true
        }
        if changed { seq += 1 }
        return changed
    }
}
