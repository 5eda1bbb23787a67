import Rooms
import SQLiteNIO
import SimulcastCore

/// The match cache and corrections in SQLite.
extension SQLiteRoomStore: MatchStore {
    public func cachedMatch(for key: MatchCacheKey, now: ServerTime) async throws -> MatchResult? {
        let rows = try await query(
            """
            SELECT result FROM match_cache
            WHERE source_service = ? AND source_id = ? AND target_service = ? AND storefront = ? AND expires_at > ?
            """,
            Self.bindings(key) + [.integer(Int(now.micros))]
        )
        guard let text = rows.first?.column("result")?.string else { return nil }
        // A record this version cannot read is treated as a miss and replaced by a fresh match.
        return StoredRoomRecord.decodeIfReadable(MatchResult.self, from: text)
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: ServerTime) async throws {
        _ = try await query(
            """
            INSERT INTO match_cache (source_service, source_id, target_service, storefront, result, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (source_service, source_id, target_service, storefront)
            DO UPDATE SET result = excluded.result, expires_at = excluded.expires_at
            """,
            Self.bindings(key) + [.text(try StoredRoomRecord.json(result)), .integer(Int(expiresAt.micros))]
        )
    }

    public func forgetMatch(for key: MatchCacheKey) async throws {
        _ = try await query(
            "DELETE FROM match_cache WHERE source_service = ? AND source_id = ? AND target_service = ? AND storefront = ?", Self.bindings(key))
    }

    public func addCorrection(_ correction: StoredCorrection) async throws -> Int {
        let rows = try await query(
            "INSERT INTO corrections (source_service, source_id, target_service, storefront, room, global, record) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            Self.bindings(correction.key) + [.text(correction.room), .integer(correction.global ? 1 : 0), .text(try StoredRoomRecord.json(correction))])
        guard let id = rows.first?.column("id")?.integer else { throw StoreError(.failed, "the correction was not stored") }
        var stored = correction
        stored.id = id
        _ = try await query("UPDATE corrections SET record = ? WHERE id = ?", [.text(try StoredRoomRecord.json(stored)), .integer(id)])
        return id
    }

    public func corrections(for key: MatchCacheKey) async throws -> [StoredCorrection] {
        try await decodeCorrections(
            query(
                "SELECT record FROM corrections WHERE source_service = ? AND source_id = ? AND target_service = ? AND storefront = ? ORDER BY id",
                Self.bindings(key)))
    }

    public func corrections(room: String?) async throws -> [StoredCorrection] {
        if let room { return try await decodeCorrections(query("SELECT record FROM corrections WHERE room = ? ORDER BY id", [.text(room)])) }
        return try await decodeCorrections(query("SELECT record FROM corrections ORDER BY id LIMIT 10000"))
    }

    public func correction(id: Int) async throws -> StoredCorrection? {
        try await decodeCorrections(query("SELECT record FROM corrections WHERE id = ?", [.integer(id)])).first
    }

    public func deleteCorrection(id: Int) async throws {
        _ = try await query("DELETE FROM corrections WHERE id = ?", [.integer(id)])
    }

    func decodeCorrections(_ rows: [SQLiteRow]) -> [StoredCorrection] {
        rows.compactMap { $0.column("record")?.string }.compactMap { StoredRoomRecord.decodeIfReadable(StoredCorrection.self, from: $0) }
    }

    static func bindings(_ key: MatchCacheKey) -> [SQLiteData] {
        [.text(key.sourceService.rawValue), .text(key.sourceId), .text(key.targetService.rawValue), .text(key.storefront)]
    }
}
