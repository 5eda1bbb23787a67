import Rooms
import SQLiteNIO
import SimulcastCore

/// Node heartbeats and dead nodes' host claims in SQLite (one process, but the same rules).
extension SQLiteRoomStore: NodeStore {
    public func heartbeat(node: String, lease: Duration) async throws {
        _ = try await query(
            "INSERT INTO nodes (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at",
            [.text(node), .integer(Int(clock.serverClockNow().advanced(by: lease).micros))])
    }

    public func retireNode(_ node: String) async throws {
        _ = try await query("DELETE FROM nodes WHERE id = ?", [.text(node)])
    }

    public func deadHostClaims(room: String?) async throws -> [String: HostClaim] {
        var sql = """
            SELECT code, host_node, host_connection FROM rooms
            WHERE host_node IS NOT NULL AND NOT EXISTS (SELECT 1 FROM nodes WHERE nodes.id = rooms.host_node AND nodes.expires_at > ?)
            """
        var bindings: [SQLiteData] = [.integer(Int(clock.serverClockNow().micros))]
        if let room {
            sql += " AND code = ?"
            bindings.append(.text(room))
        }
        var dead: [String: HostClaim] = [:]
        for row in try await query(sql, bindings) {
            if let code = row.column("code")?.string, let node = row.column("host_node")?.string, let connection = row.column("host_connection")?.integer {
                dead[code] = HostClaim(node: node, connection: connection)
            }
        }
        return dead
    }
}
