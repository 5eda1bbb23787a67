import Rooms
import SQLiteNIO
import SimulcastCore

/// Rooms hosted from a browser, in SQLite.
extension SQLiteRoomStore: HostedAccountStore {
    // MARK: Rooms hosted from a browser

    static let liveFollower = "EXISTS (SELECT 1 FROM nodes WHERE nodes.id = hosted_accounts.follower AND nodes.expires_at > ?)"

    public func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws {
        _ = try await query(
            """
            INSERT INTO hosted_accounts (room, service, sealed, generation, follower) VALUES (?, ?, ?, 1, NULL)
            ON CONFLICT (room) DO UPDATE SET service = excluded.service, sealed = excluded.sealed,
                generation = hosted_accounts.generation + 1, follower = NULL
            """, [.text(room), .text(service.rawValue), .blob(ByteBuffer(bytes: sealedCredential))])
    }

    public func hostedAccounts() async throws -> [HostedAccount] {
        try await hostedAccounts(where: "", [])
    }

    public func hostedAccount(room: String) async throws -> HostedAccount? {
        try await hostedAccounts(where: " WHERE room = ?", [.text(room)]).first
    }

    func hostedAccounts(where condition: String, _ bindings: [SQLiteData]) async throws -> [HostedAccount] {
        let now = Int(clock.serverClockNow().micros)
        let rows = try await query(
            "SELECT room, service, sealed, generation, CASE WHEN follower = '\(HostedAccount.replaced)' OR \(Self.liveFollower) THEN follower END AS follower FROM hosted_accounts\(condition) ORDER BY room",
            [.integer(now)] + bindings)
        return rows.compactMap { row in
            guard let room = row.column("room")?.string, let service = row.column("service")?.string.map(MusicService.init(rawValue:)),
                let generation = row.column("generation")?.integer
            else { return nil }
            let sealed = row.column("sealed")?.blob.map { Array($0.readableBytesView) }
            return HostedAccount(room: room, service: service, sealedCredential: sealed, generation: generation, follower: row.column("follower")?.string)
        }
    }

    public func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool {
        let now = Int(clock.serverClockNow().micros)
        let claimed = try await query(
            """
            UPDATE hosted_accounts SET follower = ? WHERE room = ? AND generation = ? AND sealed IS NOT NULL
                AND (follower IS NULL OR (follower <> '\(HostedAccount.replaced)' AND NOT \(Self.liveFollower))) RETURNING room
            """, [.text(node), .text(room), .integer(generation), .integer(now)])
        return !claimed.isEmpty
    }

    public func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws {
        if let sealedCredential {
            _ = try await query(
                "UPDATE hosted_accounts SET sealed = ? WHERE room = ? AND generation = ?",
                [.blob(ByteBuffer(bytes: sealedCredential)), .text(room), .integer(generation)])
        } else {
            _ = try await query(
                "UPDATE hosted_accounts SET sealed = NULL, follower = NULL WHERE room = ? AND generation = ?", [.text(room), .integer(generation)])
        }
    }

    public func markHostReplaced(room: String, generation: Int) async throws {
        _ = try await query(
            "UPDATE hosted_accounts SET follower = ? WHERE room = ? AND generation = ?", [.text(HostedAccount.replaced), .text(room), .integer(generation)])
    }

    public func deleteHostedAccount(room: String) async throws {
        _ = try await query("DELETE FROM hosted_accounts WHERE room = ?", [.text(room)])
    }
}
