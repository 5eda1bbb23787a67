import SimulcastCore

/// Where rooms, their state, corrections, the match cache and the live server nodes are kept.
/// SQLite is the embedded default, PostgreSQL serves several nodes at once, an in-memory store
/// serves tests; all three pass the same suite.
public protocol RoomStore: Sendable {
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

    /// Records that `node` is alive for `lease` from now (by the store's clock, so nodes'
    /// clocks need not agree).
    func heartbeat(node: String, lease: Duration) async throws
    /// Forgets `node` at once: a node shutting down cleanly.
    func retireNode(_ node: String) async throws
    /// Rooms (just `room`, or every room for nil) whose host claim belongs to a node that is
    /// no longer alive, with that claim.
    func deadHostClaims(room: String?) async throws -> [String: HostClaim]

    /// Changes other nodes made, for a store several nodes share; nil for one only this process uses.
    /// Call once: the stream is single-consumer.
    func changes() -> AsyncStream<RoomChange>?

    /// Presence, for a store several nodes share: `node`'s share of `room` (replacing its last;
    /// an empty share removes it), and every live node's share of a room. Stores only one
    /// process uses keep none: the room merges its own share alone.
    func publishPresence(_ share: NodePresence, room: String, node: String) async throws
    func presence(room: String) async throws -> [NodePresence]

    /// Rooms hosted from a browser (`HostedAccount`). A new login for `room` starts a new
    /// generation with no follower, so whoever followed the old one stops.
    func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws
    /// Every hosted room; `follower` only when that node is alive.
    func hostedAccounts() async throws -> [HostedAccount]
    /// One hosted room (the host page's status), the same way.
    func hostedAccount(room: String) async throws -> HostedAccount?
    /// Makes `node` the room's follower when its login is `generation`, still held, and no live
    /// node follows it; true when it did (atomic, so two nodes never both win).
    func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool
    /// Replaces the sealed login of `generation` (a rotated token); nil forgets it (the
    /// service refused it) and clears the follower.
    func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws
    /// Another connection with the room's host token took over (the CLI, another browser):
    /// no node follows `generation` any more, and its login is kept until the host stops
    /// or logs in again (`HostedAccount.replaced`).
    func markHostReplaced(room: String, generation: Int) async throws
    func deleteHostedAccount(room: String) async throws

    /// Passes a reaction to the other nodes (PostgreSQL: `NOTIFY`, nothing stored); stores only
    /// one process uses have no one to tell.
    func publishReaction(_ reaction: Wire.RoomReaction, room: String, node: String) async throws

    /// Makes the store ready once the services it needs run (PostgreSQL: its schema, and the
    /// channel of other nodes' changes listened to); the server waits for it before serving.
    func prepare() async throws
    func close() async throws
}

extension RoomStore {
    public func changes() -> AsyncStream<RoomChange>? { nil }
    public func publishPresence(_ share: NodePresence, room: String, node: String) async throws {}
    public func presence(room: String) async throws -> [NodePresence] { [] }
    public func prepare() async throws {}
    public func publishReaction(_ reaction: Wire.RoomReaction, room: String, node: String) async throws {}

    /// Saves a state not yet encoded, over whatever is stored, keeping the claim (tests, tools).
    @discardableResult
    public func overwriteState(_ state: RoomState, forRoom code: String, at: ServerTime = ServerTime(micros: 0)) async throws -> CommitOutcome {
        guard let current = try await room(code: code) else { return .missing }
        return try await commitState(
            StateCommit(code: code, state: state, encoded: try WireCodec().encode(.roomState(state)), expectedSeq: current.state.seq, claim: .none, at: at))
    }
}
