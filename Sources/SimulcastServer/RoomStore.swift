import SimulcastCore

/// Where rooms, their state and the match cache live. SQLite is the embedded default;
/// an in-memory store serves tests; both pass the same suite.
public protocol RoomStore: Sendable {
    /// Fails with `StoreError.duplicateRoom` when the code is taken.
    func createRoom(_ room: StoredRoom) async throws
    func room(code: String) async throws -> StoredRoom?
    /// Saves a room's state; an older `seq` never overwrites a newer one.
    func saveState(_ state: RoomState, forRoom code: String) async throws
    func roomCount() async throws -> Int

    /// A cached match that has not expired at `now` (server microseconds).
    func cachedMatch(for key: MatchCacheKey, now: Int64) async throws -> MatchResult?
    func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: Int64) async throws

    func close() async throws
}
