import PostgresNIO
import Rooms
import SimulcastCore

/// What the nodes tell each other: changes (`NOTIFY` on commit), presence shares and reactions.
extension PostgresRoomStore: RoomSharingStore {
    public func changes() -> AsyncStream<RoomChange>? { changeStream }

    // MARK: Presence

    public func publishPresence(_ share: NodePresence, room: String, node: String) async throws {
        guard share.count > 0 else {
            try await execute("DELETE FROM presence WHERE room = \(room) AND node = \(node)")
            return
        }
        let encoded = try StoredRoomRecord.json(share)
        try await execute(
            "INSERT INTO presence (room, node, share) VALUES (\(room), \(node), \(encoded)) ON CONFLICT (room, node) DO UPDATE SET share = excluded.share")
    }

    /// Live nodes' shares only: a node that died without retiring drops out with its lease.
    public func presence(room: String) async throws -> [NodePresence] {
        var query: PostgresQuery = "SELECT share FROM presence WHERE room = \(room)"
        query.sql += " AND EXISTS (SELECT 1 FROM nodes WHERE nodes.id = presence.node AND nodes.expires_at > \(Self.databaseNow)) ORDER BY node"
        return try await rows(query).compactMap { try? $0.decode(String.self) }.compactMap {
            StoredRoomRecord.decodeIfReadable(NodePresence.self, from: $0)
        }
    }

    // MARK: Reactions

    public func publishReaction(_ reaction: Wire.RoomReaction, room: String, node: String) async throws {
        guard let payload = RoomChange.reaction(code: room, node: node, reaction: reaction).payload else { return }
        try await execute("SELECT pg_notify(\(Self.channel), \(payload))")
    }
}
