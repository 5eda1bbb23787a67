import SimulcastCore

/// The room core's store: rooms, their state (committed only on top of the seq it read) and
/// their expiry.
public protocol RoomStateStore: Sendable {
    /// Fails with `StoreError.duplicateRoom` when the code is taken.
    func createRoom(_ room: StoredRoom) async throws
    func room(code: String) async throws -> StoredRoom?
    /// Saves a room's state if it is still at `commit.expectedSeq` and the claim condition holds;
    /// otherwise returns the room as it is, for the caller to retry on top of.
    func commitState(_ commit: StateCommit) async throws -> CommitOutcome
    /// Marks a room active at `at` (server microseconds) without changing its state.
    func touchRoom(code: String, at: ServerTime) async throws
    func roomCount() async throws -> Int
    /// Deletes rooms last active before `idleBefore`, except `keeping` (loaded ones); returns how many.
    func deleteIdleRooms(idleBefore: ServerTime, keeping: Set<String>) async throws -> Int
    /// Deletes expired cache rows and long-dead nodes; returns how many rows.
    func purgeExpired(now: ServerTime) async throws -> Int
}

extension RoomStateStore {
    /// Saves a state not yet encoded, over whatever is stored, keeping the claim (tests, tools).
    @discardableResult
    public func overwriteState(_ state: RoomState, forRoom code: String, at: ServerTime = ServerTime(micros: 0)) async throws -> CommitOutcome {
        guard let current = try await room(code: code) else { return .missing }
        return try await commitState(
            StateCommit(code: code, state: state, encoded: try WireCodec().encode(.roomState(state)), expectedSeq: current.state.seq, claim: .none, at: at))
    }
}
