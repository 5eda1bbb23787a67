import PostgresNIO
import Rooms
import SimulcastCore

/// The match cache and corrections every node shares.
extension PostgresRoomStore: MatchStore {
    // MARK: Match cache

    public func cachedMatch(for key: MatchCacheKey, now: ServerTime) async throws -> MatchResult? {
        let rows = try await rows(
            """
            SELECT result FROM match_cache WHERE source_service = \(key.sourceService.rawValue) AND source_id = \(key.sourceId)
            AND target_service = \(key.targetService.rawValue) AND storefront = \(key.storefront) AND expires_at > \(now.micros)
            """)
        guard let text = try rows.first?.decode(String.self) else { return nil }
        return StoredRoomRecord.decodeIfReadable(MatchResult.self, from: text)
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: ServerTime) async throws {
        let record = try StoredRoomRecord.json(result)
        let payload = RoomChange.match(key).payload ?? ""
        try await execute(
            """
            WITH upserted AS (
                INSERT INTO match_cache (source_service, source_id, target_service, storefront, result, expires_at)
                VALUES (\(key.sourceService.rawValue), \(key.sourceId), \(key.targetService.rawValue), \(key.storefront), \(record), \(expiresAt.micros))
                ON CONFLICT (source_service, source_id, target_service, storefront)
                DO UPDATE SET result = excluded.result, expires_at = excluded.expires_at
                RETURNING 1
            )
            SELECT pg_notify(\(Self.channel), \(payload)) FROM upserted
            """)
    }

    public func forgetMatch(for key: MatchCacheKey) async throws {
        try await execute(
            """
            DELETE FROM match_cache WHERE source_service = \(key.sourceService.rawValue) AND source_id = \(key.sourceId)
            AND target_service = \(key.targetService.rawValue) AND storefront = \(key.storefront)
            """)
    }

    // MARK: Corrections

    public func addCorrection(_ correction: StoredCorrection) async throws -> Int {
        guard let id = try await rows("SELECT nextval(pg_get_serial_sequence('corrections', 'id'))").first?.decode(Int.self) else {
            throw StoreError(.failed, "the correction was not stored")
        }
        var stored = correction
        stored.id = id
        let record = try StoredRoomRecord.json(stored)
        let key = correction.key
        let payload = RoomChange.corrections(room: correction.room).payload ?? ""
        try await execute(
            """
            WITH inserted AS (
                INSERT INTO corrections (id, source_service, source_id, target_service, storefront, room, global, record)
                VALUES (\(id), \(key.sourceService.rawValue), \(key.sourceId), \(key.targetService.rawValue), \(key.storefront), \(correction.room), \(correction.global), \(record))
                RETURNING 1
            )
            SELECT pg_notify(\(Self.channel), \(payload)) FROM inserted
            """)
        return id
    }

    public func corrections(for key: MatchCacheKey) async throws -> [StoredCorrection] {
        try await decodeCorrections(
            rows(
                """
                SELECT record FROM corrections WHERE source_service = \(key.sourceService.rawValue) AND source_id = \(key.sourceId)
                AND target_service = \(key.targetService.rawValue) AND storefront = \(key.storefront) ORDER BY id
                """))
    }

    public func corrections(room: String?) async throws -> [StoredCorrection] {
        if let room { return try await decodeCorrections(rows("SELECT record FROM corrections WHERE room = \(room) ORDER BY id")) }
        return try await decodeCorrections(rows("SELECT record FROM corrections ORDER BY id LIMIT 10000"))
    }

    public func correction(id: Int) async throws -> StoredCorrection? {
        try await decodeCorrections(rows("SELECT record FROM corrections WHERE id = \(id)")).first
    }

    public func deleteCorrection(id: Int) async throws {
        try await execute(
            "WITH deleted AS (DELETE FROM corrections WHERE id = \(id) RETURNING room) SELECT pg_notify(\(Self.channel), 'c ' || room) FROM deleted")
    }

    func decodeCorrections(_ rows: [PostgresRow]) -> [StoredCorrection] {
        rows.compactMap { try? $0.decode(String.self) }.compactMap { StoredRoomRecord.decodeIfReadable(StoredCorrection.self, from: $0) }
    }
}
