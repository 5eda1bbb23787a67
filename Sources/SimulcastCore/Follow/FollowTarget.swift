/// Where a listener's player should be at one server instant: the room's position, capped at
/// the track's end, and whether the track has already ended there. The clock-to-target step
/// of `FollowPolicy`; follow.js's `FollowTarget` is the same.
///
/// Positions are aimed at the ear: the room's anchor says what the host hears, and what this
/// player plays now is heard `outputLatencyMs` later, so the player should be where the room
/// will be then.
struct FollowTarget: Hashable, Sendable {
    /// Where the player should be at the instant, capped at the track's end; never before its start.
    let positionMs: Double
    /// The room plays and its track has run out (at the ear): it holds at the end until the
    /// host moves on.
    let trackEnded: Bool

    init(room: RoomState, at time: ServerTime, outputLatencyMs: Double) {
        let position = max(0, room.targetPositionMs(atServerTime: time.advanced(byMilliseconds: outputLatencyMs)))
        positionMs = position
        trackEnded = room.playing && (room.track?.source.durationMs.map { position >= Double($0) } ?? false)
    }

    /// When this player should reach the room's current track's end (server time), if the
    /// track says how long it is: an output latency earlier than the host's ear does.
    static func trackEnd(of room: RoomState, outputLatencyMs: Double) -> ServerTime? {
        room.track?.source.durationMs.map {
            room.anchor.time.advanced(byMilliseconds: Double($0) - room.anchor.positionMs - outputLatencyMs)
        }
    }
}
