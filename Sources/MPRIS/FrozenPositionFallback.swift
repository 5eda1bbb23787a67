import SimulcastCore

/// What an MPRIS read means for the tracker, working around two players' defects: a
/// `Position` that never moves while playing, and a `PlaybackStatus` that says "Stopped"
/// while a file plays (mpv-mpris 0.7 after a `loadfile` from idle, until the next pause).
struct FrozenPositionFallback: Sendable {
    private var trackId: String?
    /// Where the track was first seen: a frozen player's position is taken to run on from it.
    private var firstSeen = LocalAnchor(positionMs: 0, at: LocalTime(micros: 0))
    private var zeroReads = 0
    private var staleStatus = StaleStoppedStatus()

    mutating func content(for state: MPRISPlayer.State, at time: LocalTime) -> PlayerPollContent {
        let metadata = state.metadata
        if metadata.trackObjectPath?.contains("/ad/") == true || metadata.url?.hasPrefix("spotify:ad:") == true { return .advert }
        let status = staleStatus.status(of: state, at: time)
        guard status != .stopped, let identity = metadata.identity, metadata.track != nil else {
            trackId = nil
            return .nothing
        }
        if identity.id != trackId {
            trackId = identity.id
            firstSeen = LocalAnchor(positionMs: Double(state.positionMicros) / 1000, at: time)
            zeroReads = 0
        }
        let playing = status == .playing
        var positionMs = Double(state.positionMicros) / 1000
        if playing, state.positionMicros == 0 { zeroReads += 1 } else if state.positionMicros != 0 { zeroReads = 0 }
        if playing, zeroReads >= 2 { positionMs = firstSeen.position(at: time, playing: true) }
        // The tracker sees new tags under the same id as a new track, so the room gets them:
        // mpv first names a file by its file name and reads its tags a moment later, and the
        // room had matched the file name and kept "no match" for the whole song.
        let tags = [metadata.title ?? "", metadata.artists.joined(separator: "\u{1F}"), metadata.album ?? ""].joined(separator: "\u{1E}")
        return .track(
            id: identity.id + "\u{1D}" + tags, durationMs: metadata.lengthMicros.map { Double($0) / 1000 }, progressMs: positionMs, playing: playing)
    }
}
