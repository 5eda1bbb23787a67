import SimulcastCore

/// Node leases on the store's clock, in memory.
extension InMemoryRoomStore: NodeStore {
    public func heartbeat(node: String, lease: Duration) async throws {
        nodes[node] = clock.serverClockNow().advanced(by: lease)
    }

    public func retireNode(_ node: String) async throws { nodes[node] = nil }

    public func deadHostClaims(room: String?) async throws -> [String: HostClaim] {
        let now = clock.serverClockNow()
        var dead: [String: HostClaim] = [:]
        for (code, entry) in rooms where room == nil || room == code {
            if let claim = entry.room.hostClaim, (nodes[claim.node] ?? ServerTime(micros: .min)) <= now { dead[code] = claim }
        }
        return dead
    }

    func isAlive(_ node: String) -> Bool { (nodes[node] ?? ServerTime(micros: .min)) > clock.serverClockNow() }
}
