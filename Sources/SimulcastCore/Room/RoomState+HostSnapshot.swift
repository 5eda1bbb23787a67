extension RoomState {
    /// The room after the host published `snapshot`. Matches already made for the same
    /// track (and queued tracks) are kept; a new track starts with none.
    public func applying(_ snapshot: PlaybackSnapshot) -> RoomState {
        var next = self
        next.seq = seq + 1
        next.playing = snapshot.playing && snapshot.track != nil
        next.anchor = snapshot.anchor
        next.hostConnected = true
        next.intent = snapshot.intent
        // A track that was queued (or current) keeps the matches already made for it.
        let known = Dictionary(([track].compactMap { $0 } + queue).map { ($0.source.id, $0) }, uniquingKeysWith: { first, _ in first })
        func reuse(_ source: TrackMetadata) -> RoomTrack {
            if let existing = known[source.id], existing.source == source { return existing }
            return RoomTrack(source: source)
        }
        next.track = snapshot.track.map(reuse)
        // A requested song the host's player reached is the request played.
        if let source = next.track?.source, source.id != track?.source.id || source.service != track?.source.service { next.markRequestPlayed(source) }
        // Suggestions are for the song they were made for.
        if next.track?.source.id != track?.source.id { next.suggestions = nil }
        if let queue = snapshot.queue {
            next.queue = queue.prefix(RoomState.maximumQueueLength).map(reuse)
        }
        return next
    }

    /// Upcoming tracks beyond this are not kept: matching them costs catalog requests.
    public static let maximumQueueLength = 10
}
