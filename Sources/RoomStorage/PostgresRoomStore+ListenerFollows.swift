import PostgresNIO
import Rooms
import SimulcastCore

/// Listener follows, and which live node follows each.
extension PostgresRoomStore: ListenerFollowStore {
    static let liveFollowNode = "EXISTS (SELECT 1 FROM nodes WHERE nodes.id = listener_follows.follower AND nodes.expires_at > \(databaseNow))"

    static let listenerFollowsSelect =
        "SELECT room, id, token_hash, service, sealed, CASE WHEN \(liveFollowNode) THEN follower END FROM listener_follows"

    public func saveListenerFollow(_ follow: ListenerFollow) async throws {
        let sealed = follow.sealedCredential.map { ByteBuffer(bytes: $0) }
        try await execute(
            """
            INSERT INTO listener_follows (room, id, token_hash, service, sealed) VALUES (\(follow.room), \(follow.id), \(follow.tokenHash), \(follow.service.rawValue), \(sealed))
            """)
    }

    public func listenerFollows() async throws -> [ListenerFollow] {
        try await listenerFollows(PostgresQuery(unsafeSQL: Self.listenerFollowsSelect + " ORDER BY room, id"))
    }

    public func listenerFollow(room: String, id: String) async throws -> ListenerFollow? {
        var query = PostgresQuery(unsafeSQL: Self.listenerFollowsSelect)
        query.binds.append(room)
        query.sql += " WHERE room = $\(query.binds.count)"
        query.binds.append(id)
        query.sql += " AND id = $\(query.binds.count)"
        return try await listenerFollows(query).first
    }

    private func listenerFollows(_ query: PostgresQuery) async throws -> [ListenerFollow] {
        try await rows(query).map { row in
            let (room, id, tokenHash, service, sealed, follower) = try row.decode((String, String, String, String, ByteBuffer?, String?).self)
            return ListenerFollow(
                room: room, id: id, tokenHash: tokenHash, service: MusicService(rawValue: service),
                sealedCredential: sealed.map { Array($0.readableBytesView) },
                follower: follower)
        }
    }

    public func claimListenerFollow(room: String, id: String, node: String) async throws -> Bool {
        var query: PostgresQuery = "UPDATE listener_follows SET follower = \(node) WHERE room = \(room) AND id = \(id)"
        query.sql += " AND sealed IS NOT NULL AND (follower IS NULL OR NOT \(Self.liveFollowNode)) RETURNING id"
        return try await !rows(query).isEmpty
    }

    public func updateListenerFollowCredential(room: String, id: String, sealedCredential: [UInt8]?) async throws {
        if let sealedCredential {
            try await execute("UPDATE listener_follows SET sealed = \(ByteBuffer(bytes: sealedCredential)) WHERE room = \(room) AND id = \(id)")
        } else {
            try await execute("UPDATE listener_follows SET sealed = NULL, follower = NULL WHERE room = \(room) AND id = \(id)")
        }
    }

    public func deleteListenerFollow(room: String, id: String) async throws {
        try await execute("DELETE FROM listener_follows WHERE room = \(room) AND id = \(id)")
    }
}
