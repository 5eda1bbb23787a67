/// Reads a player that reports its time in steps: YouTube's embedded player, whose
/// `getCurrentTime` changes a few times a second, so one reading says little about where the
/// video is now. A reading that differs from the one before says more: the video reached it
/// between the two readings. Each such change bounds the video's offset from this device's
/// clock on both sides; the bounds narrow change after change, and the position is their
/// middle carried to now (started afresh at a jump). "Playing" counts once the time is seen
/// to move: a player that says "playing" while its time stands still is showing an ad or has
/// stalled, and is reported as `waiting` (waited out, never chased with seeks).
///
/// The listener page runs the same steps (`Web/players/stepped-time.js`), held to this one by
/// the shared table `Tests/Fixtures/stepped-time-readings.json`.
public struct SteppedTimeReader: Sendable {
    /// The embedded player's states, as the IFrame API numbers them (`YT.PlayerState`).
    public enum State: Int, Sendable, Codable, CaseIterable {
        case unstarted = -1
        case ended = 0
        case playing = 1
        case paused = 2
        case buffering = 3
        case cued = 5
    }

    /// What a reading says, on this device's clock.
    public struct Reading: Hashable, Sendable {
        /// The time is seen to move and has not stood still for `stillMs`.
        public var playing: Bool
        /// Not yet playing after a load or seek (buffering, unstarted), or waiting.
        public var loading: Bool
        /// Says "playing" while its time stands still: an ad or a stall, to be waited out.
        public var waiting: Bool
        public var positionMs: Double
    }

    /// How long a "playing" player's time may stand still before it counts as an ad or a
    /// stall: the iframe reports its time about four times a second, so half a second without
    /// a change is not a report that is late.
    public static let stillMs = 500.0
    /// A change this far outside the bounds is a jump (a seek, a load): start afresh.
    public static let jumpMs = 700.0

    /// Device time zero for the milliseconds below (the page's `performance.now()` origin).
    let origin: LocalTime
    private var reportedSeconds = 0.0
    /// When the reported time last changed, ms since `origin`.
    private var changedAtMs: Double
    /// When the player was last read, ms since `origin`.
    private var readAtMs: Double
    /// Video position minus device time (ms): what the changes seen since the last jump allow.
    private var offset: (low: Double, high: Double)?
    /// Whether the time has moved since the player last changed state (or was moved).
    private var moving = false

    public init(at origin: LocalTime) {
        self.origin = origin
        changedAtMs = 0
        readAtMs = 0
    }

    /// The player changed state (its `onStateChange`): what was learned of its time is dropped.
    public mutating func stateChanged(to state: State, at time: LocalTime) {
        changedAtMs = origin.milliseconds(to: time)
        offset = nil
        moving = false
    }

    /// A video was loaded from `positionMs`.
    public mutating func loaded(fromMs positionMs: Double, at time: LocalTime) {
        reportedSeconds = max(0, positionMs) / 1000
        changedAtMs = origin.milliseconds(to: time)
        offset = nil
        moving = false
    }

    /// The video was moved (a seek, a play from a pause).
    public mutating func sought() {
        offset = nil
        moving = false
    }

    /// One reading of the player: its state and `getCurrentTime()` at `time`.
    public mutating func read(state: State, seconds: Double, at time: LocalTime) -> Reading {
        let at = origin.milliseconds(to: time)
        if seconds != reportedSeconds {
            // Reached after the last reading and by now: the offset lies between these two.
            if state == .playing { narrow(low: seconds * 1000 - at, high: seconds * 1000 - readAtMs) }
            reportedSeconds = seconds
            changedAtMs = at
            if state == .playing { moving = true }
        }
        readAtMs = at
        let stalled = state == .playing && at - changedAtMs > Self.stillMs
        let playing = state == .playing && moving && !stalled
        var positionMs = seconds * 1000
        if playing, let offset { positionMs = (offset.low + offset.high) / 2 + at } else if !playing { offset = nil }
        // Buffering after a load or seek is the policy's to time; only an ad or a stall is waited out.
        return Reading(playing: playing, loading: stalled || state == .buffering || state == .unstarted, waiting: stalled, positionMs: positionMs)
    }

    /// Narrows the offset to what one more change allows; a change that contradicts it by
    /// more than a jump starts it again.
    private mutating func narrow(low: Double, high: Double) {
        guard let known = offset, low <= known.high + Self.jumpMs, high >= known.low - Self.jumpMs else {
            offset = (low, high)
            return
        }
        let narrowed = (low: max(known.low, low), high: min(known.high, high))
        offset = narrowed.low <= narrowed.high ? narrowed : (low, high)
    }
}
