import SimulcastCore

/// The match cache and corrections, in memory.
extension InMemoryRoomStore: MatchStore {
    public func cachedMatch(for key: MatchCacheKey, now: ServerTime) async throws -> MatchResult? {
        guard let entry = matches[key], entry.expiresAt > now else { return nil }
        return entry.result
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: ServerTime) async throws {
        matches[key] = (result, expiresAt)
    }

    public func forgetMatch(for key: MatchCacheKey) async throws { matches[key] = nil }

    public func addCorrection(_ correction: StoredCorrection) async throws -> Int {
        nextCorrection += 1
        var stored = correction
        stored.id = nextCorrection
        storedCorrections[stored.id] = stored
        return stored.id
    }

    public func corrections(for key: MatchCacheKey) async throws -> [StoredCorrection] {
        storedCorrections.values.filter { $0.key == key }.sorted { $0.id < $1.id }
    }

    public func corrections(room: String?) async throws -> [StoredCorrection] {
        storedCorrections.values.filter { room == nil || $0.room == room }.sorted { $0.id < $1.id }
    }

    public func correction(id: Int) async throws -> StoredCorrection? { storedCorrections[id] }

    public func deleteCorrection(id: Int) async throws { storedCorrections[id] = nil }
}
