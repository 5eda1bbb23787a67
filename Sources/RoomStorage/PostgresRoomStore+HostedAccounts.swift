import PostgresNIO
import Rooms
import SimulcastCore

/// Rooms hosted from a browser, and which live node follows each.
extension PostgresRoomStore: HostedAccountStore {
    // MARK: Rooms hosted from a browser

    static let liveFollower = "EXISTS (SELECT 1 FROM nodes WHERE nodes.id = hosted_accounts.follower AND nodes.expires_at > \(databaseNow))"

    public func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws {
        var query: PostgresQuery =
            "INSERT INTO hosted_accounts (room, service, sealed, generation) VALUES (\(room), \(service.rawValue), \(ByteBuffer(bytes: sealedCredential)), 1)"
        query.sql += " ON CONFLICT (room) DO UPDATE SET service = excluded.service, sealed = excluded.sealed,"
        query.sql += " generation = hosted_accounts.generation + 1, follower = NULL"
        try await execute(query)
    }

    public func hostedAccounts() async throws -> [HostedAccount] {
        try await hostedAccounts(PostgresQuery(unsafeSQL: Self.hostedAccountsSelect + " ORDER BY room"))
    }

    public func hostedAccount(room: String) async throws -> HostedAccount? {
        var query = PostgresQuery(unsafeSQL: Self.hostedAccountsSelect)
        query.binds.append(room)
        query.sql += " WHERE room = $\(query.binds.count)"
        return try await hostedAccounts(query).first
    }

    static let hostedAccountsSelect =
        "SELECT room, service, sealed, generation, CASE WHEN follower = '\(HostedAccount.replaced)' OR \(liveFollower) THEN follower END FROM hosted_accounts"

    func hostedAccounts(_ query: PostgresQuery) async throws -> [HostedAccount] {
        try await rows(query).map { row in
            let (room, service, sealed, generation, follower) = try row.decode((String, String, ByteBuffer?, Int, String?).self)
            return HostedAccount(
                room: room, service: MusicService(rawValue: service), sealedCredential: sealed.map { Array($0.readableBytesView) }, generation: generation,
                follower: follower)
        }
    }

    public func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool {
        var query: PostgresQuery = "UPDATE hosted_accounts SET follower = \(node) WHERE room = \(room) AND generation = \(generation)"
        query.sql += " AND sealed IS NOT NULL AND (follower IS NULL OR (follower <> '\(HostedAccount.replaced)' AND NOT \(Self.liveFollower))) RETURNING room"
        return try await !rows(query).isEmpty
    }

    public func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws {
        if let sealedCredential {
            try await execute(
                "UPDATE hosted_accounts SET sealed = \(ByteBuffer(bytes: sealedCredential)) WHERE room = \(room) AND generation = \(generation)")
        } else {
            try await execute("UPDATE hosted_accounts SET sealed = NULL, follower = NULL WHERE room = \(room) AND generation = \(generation)")
        }
    }

    public func markHostReplaced(room: String, generation: Int) async throws {
        try await execute("UPDATE hosted_accounts SET follower = \(HostedAccount.replaced) WHERE room = \(room) AND generation = \(generation)")
    }

    public func deleteHostedAccount(room: String) async throws {
        try await execute("DELETE FROM hosted_accounts WHERE room = \(room)")
    }
}
