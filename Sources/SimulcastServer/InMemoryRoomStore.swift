import SimulcastCore

/// A store that forgets everything when the process ends: for tests and throwaway servers.
public actor InMemoryRoomStore: RoomStore {
    private var rooms: [String: (room: StoredRoom, lastActive: Int64)] = [:]
    private var matches: [MatchCacheKey: (result: MatchResult, expiresAt: Int64)] = [:]
    private var storedCorrections: [Int: StoredCorrection] = [:]
    private var nextCorrection = 0
    private let clock: any LocalClock

    public init(clock: any LocalClock = SystemClock()) { self.clock = clock }

    public func createRoom(_ room: StoredRoom) async throws {
        guard rooms[room.code] == nil else { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
        rooms[room.code] = (room, room.createdAt)
    }

    public func room(code: String) async throws -> StoredRoom? { rooms[code]?.room }

    public func saveState(_ state: RoomState, encoded: String, forRoom code: String) async throws {
        guard let entry = rooms[code], entry.room.state.seq <= state.seq else { return }
        rooms[code]?.room.state = state
        rooms[code]?.lastActive = max(entry.lastActive, clock.nowMicros())
    }

    public func touchRoom(code: String, at: Int64) async throws {
        if let entry = rooms[code] { rooms[code]?.lastActive = max(entry.lastActive, at) }
    }

    public func roomCount() async throws -> Int { rooms.count }

    public func deleteIdleRooms(idleBefore: Int64, keeping: Set<String>) async throws -> Int {
        let idle = rooms.filter { $0.value.lastActive < idleBefore && !keeping.contains($0.key) }.map(\.key)
        for code in idle { rooms[code] = nil }
        storedCorrections = storedCorrections.filter { !idle.contains($0.value.room) || $0.value.global }
        return idle.count
    }

    public func purgeExpired(now: Int64) async throws -> Int {
        let before = matches.count
        matches = matches.filter { $0.value.expiresAt > now }
        return before - matches.count
    }

    public func cachedMatch(for key: MatchCacheKey, now: Int64) async throws -> MatchResult? {
        guard let entry = matches[key], entry.expiresAt > now else { return nil }
        return entry.result
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: Int64) async throws {
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

    public func close() async throws {}
}
