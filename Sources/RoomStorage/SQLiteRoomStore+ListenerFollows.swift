import Rooms
import SQLiteNIO
import SimulcastCore

/// Listener follows, in SQLite.
extension SQLiteRoomStore: ListenerFollowStore {
    static let liveFollowNode = "EXISTS (SELECT 1 FROM nodes WHERE nodes.id = listener_follows.follower AND nodes.expires_at > ?)"

    public func saveListenerFollow(_ follow: ListenerFollow) async throws {
        _ = try await query(
            "INSERT INTO listener_follows (room, id, token_hash, service, sealed, follower) VALUES (?, ?, ?, ?, ?, NULL)",
            [
                .text(follow.room), .text(follow.id), .text(follow.tokenHash), .text(follow.service.rawValue),
                follow.sealedCredential.map { .blob(ByteBuffer(bytes: $0)) } ?? .null,
            ])
    }

    public func listenerFollows() async throws -> [ListenerFollow] {
        try await listenerFollows(where: "", [])
    }

    public func listenerFollow(room: String, id: String) async throws -> ListenerFollow? {
        try await listenerFollows(where: " WHERE room = ? AND id = ?", [.text(room), .text(id)]).first
    }

    private func listenerFollows(where condition: String, _ bindings: [SQLiteData]) async throws -> [ListenerFollow] {
        let now = Int(clock.serverClockNow().micros)
        let rows = try await query(
            "SELECT room, id, token_hash, service, sealed, CASE WHEN \(Self.liveFollowNode) THEN follower END AS follower FROM listener_follows\(condition) ORDER BY room, id",
            [.integer(now)] + bindings)
        return rows.compactMap { row in
            guard let room = row.column("room")?.string, let id = row.column("id")?.string, let tokenHash = row.column("token_hash")?.string,
                let service = row.column("service")?.string.map(MusicService.init(rawValue:))
            else { return nil }
            return ListenerFollow(
                room: room, id: id, tokenHash: tokenHash, service: service, sealedCredential: row.column("sealed")?.blob.map { Array($0.readableBytesView) },
                follower: row.column("follower")?.string)
        }
    }

    public func claimListenerFollow(room: String, id: String, node: String) async throws -> Bool {
        let now = Int(clock.serverClockNow().micros)
        let claimed = try await query(
            """
            UPDATE listener_follows SET follower = ? WHERE room = ? AND id = ? AND sealed IS NOT NULL
                AND (follower IS NULL OR NOT \(Self.liveFollowNode)) RETURNING id
            """, [.text(node), .text(room), .text(id), .integer(now)])
        return !claimed.isEmpty
    }

    public func updateListenerFollowCredential(room: String, id: String, sealedCredential: [UInt8]?) async throws {
        if let sealedCredential {
            _ = try await query(
                "UPDATE listener_follows SET sealed = ? WHERE room = ? AND id = ?", [.blob(ByteBuffer(bytes: sealedCredential)), .text(room), .text(id)])
        } else {
            _ = try await query("UPDATE listener_follows SET sealed = NULL, follower = NULL WHERE room = ? AND id = ?", [.text(room), .text(id)])
        }
    }

    public func deleteListenerFollow(room: String, id: String) async throws {
        _ = try await query("DELETE FROM listener_follows WHERE room = ? AND id = ?", [.text(room), .text(id)])
    }
}
