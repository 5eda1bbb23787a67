import SimulcastCore

/// A player's status corrected for mpv-mpris 0.7 (Debian's), which says "Stopped" after a
/// `loadfile` from idle while the file plays, until the next pause: "Stopped" with a track
/// loaded whose position moved on by at least half the time since the last read is playing.
/// The host's source and the listener's driver both read players through it.
struct StaleStoppedStatus: Sendable {
    /// The last read that said "Stopped" with a track loaded: its track, position and time.
    private var stoppedRead: (id: String, positionMicros: Int64, at: LocalTime)?

    mutating func status(of state: MPRISPlayer.State, at time: LocalTime) -> MPRISPlaybackStatus {
        guard state.status == .stopped, let identity = state.metadata.identity, state.metadata.track != nil else {
            stoppedRead = nil
            return state.status
        }
        defer { stoppedRead = (identity.id, state.positionMicros, time) }
        guard let last = stoppedRead, last.id == identity.id else { return .stopped }
        let elapsed = last.at.distance(to: time)
        let moved = state.positionMicros - last.positionMicros
        return elapsed > 0 && moved > 0 && moved * 2 >= elapsed ? .playing : .stopped
    }
}
