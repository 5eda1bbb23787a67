/// The one position formula: where audio is `elapsedMicros` after it stood at `positionMs`,
/// moving at `rate` (1: normal speed; a player's audio clock may run a little off) while
/// playing, still while paused. Anchors, the host's timeline and the players all use it.
public enum PlaybackPosition {
    public static func after(_ positionMs: Double, elapsedMicros: Microseconds, playing: Bool, rate: Double = 1) -> Double {
        playing ? positionMs + Double(elapsedMicros) / 1000 * rate : positionMs
    }
}
