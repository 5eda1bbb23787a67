import SimulcastCore

/// A store that forgets everything when the process ends: for tests and throwaway servers.
public actor InMemoryRoomStore: RoomStore {
    private var rooms: [String: (room: StoredRoom, lastActive: ServerTime)] = [:]
    private var matches: [MatchCacheKey: (result: MatchResult, expiresAt: ServerTime)] = [:]
    private var storedCorrections: [Int: StoredCorrection] = [:]
    private var nextCorrection = 0
    private var nodes: [String: ServerTime] = [:]
    private var hosted: [String: HostedAccount] = [:]
    private let clock: any LocalClock

    public init(clock: any LocalClock = SystemClock()) { self.clock = clock }

    public func createRoom(_ room: StoredRoom) async throws {
        guard rooms[room.code] == nil else { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
        rooms[room.code] = (room, room.createdAt)
    }

    public func room(code: String) async throws -> StoredRoom? { rooms[code]?.room }

    public func commitState(_ commit: StateCommit) async throws -> CommitOutcome {
        guard var entry = rooms[commit.code] else { return .missing }
        guard entry.room.state.seq == commit.expectedSeq, commit.claim.required.map({ $0 == entry.room.hostClaim }) ?? true else {
            return .conflict(entry.room)
        }
        entry.room.state = commit.state
        if let claim = commit.claim.resulting { entry.room.hostClaim = claim }
        entry.lastActive = max(entry.lastActive, commit.at)
        rooms[commit.code] = entry
        return .committed
    }

    public func touchRoom(code: String, at: ServerTime) async throws {
        if let entry = rooms[code] { rooms[code]?.lastActive = max(entry.lastActive, at) }
    }

    public func roomCount() async throws -> Int { rooms.count }

    public func deleteIdleRooms(idleBefore: ServerTime, keeping: Set<String>) async throws -> Int {
        let idle = rooms.filter { $0.value.lastActive < idleBefore && !keeping.contains($0.key) }.map(\.key)
        for code in idle {
            rooms[code] = nil
            hosted[code] = nil
        }
        storedCorrections = storedCorrections.filter { !idle.contains($0.value.room) || $0.value.global }
        return idle.count
    }

    public func purgeExpired(now: ServerTime) async throws -> Int {
        let before = matches.count + nodes.count
        matches = matches.filter { $0.value.expiresAt > now }
        nodes = nodes.filter { $0.value > now }
        return before - matches.count - nodes.count
    }

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

    public func heartbeat(node: String, lease: Duration) async throws {
        nodes[node] = clock.serverClockNow().advanced(by: lease)
    }

    public func retireNode(_ node: String) async throws { nodes[node] = nil }

    private func isAlive(_ node: String) -> Bool { (nodes[node] ?? ServerTime(micros: .min)) > clock.serverClockNow() }

    public func saveHostedAccount(room: String, service: MusicService, sealedCredential: [UInt8]) async throws {
        let generation = (hosted[room]?.generation ?? 0) + 1
        hosted[room] = HostedAccount(room: room, service: service, sealedCredential: sealedCredential, generation: generation, follower: nil)
    }

    public func hostedAccounts() async throws -> [HostedAccount] {
        hosted.values.sorted { $0.room < $1.room }.map { account in
            var account = account
            if let follower = account.follower, follower != HostedAccount.replaced, !isAlive(follower) { account.follower = nil }
            return account
        }
    }

    public func hostedAccount(room: String) async throws -> HostedAccount? {
        try await hostedAccounts().first { $0.room == room }
    }

    public func claimFollowing(room: String, generation: Int, node: String) async throws -> Bool {
        guard var account = hosted[room], account.generation == generation, account.sealedCredential != nil, !account.isReplaced,
            account.follower.map({ !isAlive($0) }) ?? true
        else { return false }
        account.follower = node
        hosted[room] = account
        return true
    }

    public func updateHostedCredential(room: String, generation: Int, sealedCredential: [UInt8]?) async throws {
        guard var account = hosted[room], account.generation == generation else { return }
        account.sealedCredential = sealedCredential
        if sealedCredential == nil { account.follower = nil }
        hosted[room] = account
    }

    public func markHostReplaced(room: String, generation: Int) async throws {
        guard var account = hosted[room], account.generation == generation else { return }
        account.follower = HostedAccount.replaced
        hosted[room] = account
    }

    public func deleteHostedAccount(room: String) async throws { hosted[room] = nil }

    public func deadHostClaims(room: String?) async throws -> [String: HostClaim] {
        let now = clock.serverClockNow()
        var dead: [String: HostClaim] = [:]
        for (code, entry) in rooms where room == nil || room == code {
            if let claim = entry.room.hostClaim, (nodes[claim.node] ?? ServerTime(micros: .min)) <= now { dead[code] = claim }
        }
        return dead
    }

    public func close() async throws {}
}
