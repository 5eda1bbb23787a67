/// What a poll revealed about the host's player. Positions are in ms at `at`, on this device's clock.
public enum PlayerPollChange: Hashable, Sendable {
    /// A different track (or the first one); it may start paused.
    case started(trackId: String, positionMs: Double, playing: Bool, at: LocalTime)
    case paused(positionMs: Double, at: LocalTime)
    case resumed(positionMs: Double, at: LocalTime)
    /// The position jumped within the same track (a seek, or the track repeating).
    case seeked(positionMs: Double, at: LocalTime)
    /// Same playback, a better estimate of where it is (a faster poll narrowed it down).
    case reanchored(positionMs: Double, at: LocalTime)
    /// An advert started: hold until a track plays again.
    case advert(at: LocalTime)
    /// Nothing has played for a while.
    case stopped(at: LocalTime)
}
