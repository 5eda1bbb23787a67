import SimulcastCore

/// Where rooms, their state, corrections and the match cache live. SQLite is the embedded
/// default; an in-memory store serves tests; both pass the same suite.
public protocol RoomStore: Sendable {
    /// Fails with `StoreError.duplicateRoom` when the code is taken.
    func createRoom(_ room: StoredRoom) async throws
    func room(code: String) async throws -> StoredRoom?
    /// Saves a room's state (and marks it active); an older `seq` never overwrites a newer one.
    /// `encoded` is the state's JSON as it went on the wire (a `room.state` message reads back
    /// as a `RoomState`), so a commit encodes once for the sockets and the database.
    func saveState(_ state: RoomState, encoded: String, forRoom code: String) async throws
    /// Marks a room active at `at` (server microseconds) without changing its state.
    func touchRoom(code: String, at: Int64) async throws
    func roomCount() async throws -> Int
    /// Deletes rooms last active before `idleBefore`, except `keeping` (loaded ones); returns how many.
    func deleteIdleRooms(idleBefore: Int64, keeping: Set<String>) async throws -> Int
    /// Deletes expired cache rows; returns how many.
    func purgeExpired(now: Int64) async throws -> Int

    /// A cached match that has not expired at `now` (server microseconds).
    func cachedMatch(for key: MatchCacheKey, now: Int64) async throws -> MatchResult?
    func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: Int64) async throws
    func forgetMatch(for key: MatchCacheKey) async throws

    /// Stores a correction and returns its id.
    func addCorrection(_ correction: StoredCorrection) async throws -> Int
    func corrections(for key: MatchCacheKey) async throws -> [StoredCorrection]
    /// The room's own corrections, or every correction for nil.
    func corrections(room: String?) async throws -> [StoredCorrection]
    func correction(id: Int) async throws -> StoredCorrection?
    func deleteCorrection(id: Int) async throws

    func close() async throws
}

extension RoomStore {
    /// Saves a state not yet encoded (tests, tools).
    public func saveState(_ state: RoomState, forRoom code: String) async throws {
        try await saveState(state, encoded: WireCodec().encode(.roomState(state)), forRoom: code)
    }
}
