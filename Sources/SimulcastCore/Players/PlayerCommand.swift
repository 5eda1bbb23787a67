/// What the follow policy asks a player to do. Positions are where audio should be when
/// the command takes effect; the policy has already added the player's expected latency.
public enum PlayerCommand: Hashable, Sendable {
    /// Load a track and start it at a position (or prepare it paused there).
    case load(trackId: String, positionMs: Double, play: Bool)
    /// Move within the current track; `play` resumes a paused player.
    case seek(positionMs: Double, play: Bool)
    /// Load the track if needed, stay silent, and start playing from `positionMs` exactly at
    /// `atServerTime` (for players that can start on schedule; drivers convert to local time).
    case start(trackId: String, positionMs: Double, atServerTime: ServerTime)
    case pause
    /// Nothing to play: the room is empty, or this listener has no match for the track.
    case stop(reason: String)

    /// What a driver performs for this command; nil for `start`, which the session schedules.
    public var action: PlayerAction? {
        switch self {
        case .load(let trackId, let positionMs, let play): .load(trackId: trackId, positionMs: positionMs, play: play)
        case .seek(let positionMs, let play): .seek(positionMs: positionMs, play: play)
        case .start: nil
        case .pause: .pause
        case .stop(let reason): .stop(reason: reason)
        }
    }
}
