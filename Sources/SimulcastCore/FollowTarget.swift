/// Where the room's track is at one server instant: the position a listener's player should
/// be at, and whether the track has already ended there. The clock-to-target step of
/// `FollowPolicy`; follow.js's `FollowTarget` is the same.
struct FollowTarget: Hashable, Sendable {
    /// The room's position at the instant, capped at the track's end.
    let positionMs: Double
    /// The room plays and its track has run out: it holds at the end until the host moves on.
    let trackEnded: Bool

    init(room: RoomState, at time: ServerTime) {
        let position = room.targetPositionMs(atServerTime: time)
        positionMs = position
        trackEnded = room.playing && (room.track?.source.durationMs.map { position >= Double($0) } ?? false)
    }

    /// When the room's current track ends (server time), if it says how long it is.
    static func trackEnd(of room: RoomState) -> ServerTime? {
        room.track?.source.durationMs.map { room.anchor.time.advanced(byMilliseconds: Double($0) - room.anchor.positionMs) }
    }
}
