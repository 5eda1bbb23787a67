/// What a player driver is told to do: the follow policy's commands less `start`, which the
/// session turns into `PlayerDriver.start(trackId:positionMs:atLocalTime:)` on its own clock,
/// so no driver has to handle a start it cannot schedule.
public enum PlayerAction: Hashable, Sendable {
    /// Load a track and start it at a position (or prepare it paused there).
    case load(trackId: String, positionMs: Double, play: Bool)
    /// Move within the current track; `play` resumes a paused player.
    case seek(positionMs: Double, play: Bool)
    case pause
    /// Nothing to play: the room is empty, or this listener has no match for the track.
    case stop(reason: String)
}
