import SimulcastCore

/// Match upkeep's store: the match cache every room shares, and the corrections hosts and
/// operators made.
public protocol MatchStore: Sendable {
    /// A cached match that has not expired at `now` (server microseconds).
    func cachedMatch(for key: MatchCacheKey, now: ServerTime) async throws -> MatchResult?
    func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: ServerTime) async throws
    func forgetMatch(for key: MatchCacheKey) async throws

    /// Stores a correction and returns its id.
    func addCorrection(_ correction: StoredCorrection) async throws -> Int
    func corrections(for key: MatchCacheKey) async throws -> [StoredCorrection]
    /// The room's own corrections, or every correction for nil.
    func corrections(room: String?) async throws -> [StoredCorrection]
    func correction(id: Int) async throws -> StoredCorrection?
    func deleteCorrection(id: Int) async throws
}
