/// What a poll revealed about the host's player. Positions are in ms at `at` (local µs).
public enum PlayerPollChange: Hashable, Sendable {
    /// A different track (or the first one); it may start paused.
    case started(trackId: String, positionMs: Double, playing: Bool, at: Int64)
    case paused(positionMs: Double, at: Int64)
    case resumed(positionMs: Double, at: Int64)
    /// The position jumped within the same track (a seek, or the track repeating).
    case seeked(positionMs: Double, at: Int64)
    /// Same playback, a better estimate of where it is (a faster poll narrowed it down).
    case reanchored(positionMs: Double, at: Int64)
    /// An advert started: hold until a track plays again.
    case advert(at: Int64)
    /// Nothing has played for a while.
    case stopped(at: Int64)
}
