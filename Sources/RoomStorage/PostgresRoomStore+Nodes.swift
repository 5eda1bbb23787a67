import PostgresNIO
import Rooms
import SimulcastCore

/// Node heartbeats on the database's clock, so nodes' clocks need not agree.
extension PostgresRoomStore: NodeStore {
    // MARK: Nodes

    public func heartbeat(node: String, lease: Duration) async throws {
        var query: PostgresQuery = "INSERT INTO nodes (id, expires_at) VALUES (\(node), "
        query.sql += "\(Self.databaseNow) + \(lease.inMicroseconds)) ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at"
        try await execute(query)
    }

    public func retireNode(_ node: String) async throws {
        try await execute("DELETE FROM nodes WHERE id = \(node)")
        try await execute("DELETE FROM presence WHERE node = \(node)")
    }

    public func deadHostClaims(room: String?) async throws -> [String: HostClaim] {
        var query: PostgresQuery = "SELECT code, host_node, host_connection FROM rooms WHERE host_node IS NOT NULL"
        query.sql += " AND NOT EXISTS (SELECT 1 FROM nodes WHERE nodes.id = rooms.host_node AND nodes.expires_at > \(Self.databaseNow))"
        if let room {
            query.binds.append(room)
            query.sql += " AND code = $\(query.binds.count)"
        }
        var dead: [String: HostClaim] = [:]
        for row in try await rows(query) {
            let (code, node, connection) = try row.decode((String, String, Int).self)
            dead[code] = HostClaim(node: node, connection: connection)
        }
        return dead
    }
}
