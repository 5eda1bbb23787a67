import SimulcastCore

/// A store that forgets everything when the process ends: for tests and throwaway servers.
public actor InMemoryRoomStore: RoomStateStore, RoomSharingStore {
    var rooms: [String: (room: StoredRoom, lastActive: ServerTime)] = [:]
    var matches: [MatchCacheKey: (result: MatchResult, expiresAt: ServerTime)] = [:]
    var storedCorrections: [Int: StoredCorrection] = [:]
    var nextCorrection = 0
    var nodes: [String: ServerTime] = [:]
    var hosted: [String: HostedAccount] = [:]
    /// Listener follows by `followKey`.
    var follows: [String: ListenerFollow] = [:]
    var histories: [String: [RoomHistoryRow]] = [:]
    let clock: any LocalClock

    public init(clock: any LocalClock) { self.clock = clock }

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
        if let hash = commit.newHostTokenHash { entry.room.hostTokenHash = hash }
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
            follows = follows.filter { $0.value.room != code }
            histories[code] = nil
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

    public func close() async throws {}
}

/// Every capability, each in its own file (`InMemoryRoomStore+Matches`, `+Nodes`, `+HostedAccounts`, `+ListenerFollows`, `+History`).
extension InMemoryRoomStore: RoomStore {}
