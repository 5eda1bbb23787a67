import SimulcastCore

/// Reads one room from the store into a `LiveRoom`: its state, its own corrections, and a
/// host recorded by a node that is gone (this server before a restart, or a crashed node)
/// shown as gone; a live node's host stays.
enum RoomLoader {
    static func load(_ code: String, from store: any RoomStore, context: RoomHub.Context) async throws -> LiveRoom? {
        guard let stored = try await store.room(code: code) else { return nil }
        var corrections: [MatchCacheKey: MatchResult] = [:]
        for correction in try await store.corrections(room: code) { corrections[correction.key] = correction.result }
        let room = LiveRoom(stored: stored, corrections: corrections, context: context)
        if stored.state.hostConnected {
            let dead = try await store.deadHostClaims(room: code)[code]
            if dead != nil || stored.hostClaim == nil { await room.releaseDeadClaim(stored.hostClaim) }
        }
        return room
    }
}
