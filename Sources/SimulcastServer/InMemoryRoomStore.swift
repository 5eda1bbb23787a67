import SimulcastCore

/// A store that forgets everything when the process ends: for tests and throwaway servers.
public actor InMemoryRoomStore: RoomStore {
    private var rooms: [String: StoredRoom] = [:]
    private var matches: [MatchCacheKey: (result: MatchResult, expiresAt: Int64)] = [:]

    public init() {}

    public func createRoom(_ room: StoredRoom) async throws {
        guard rooms[room.code] == nil else { throw StoreError(.duplicateRoom, "room \(room.code) exists") }
        rooms[room.code] = room
    }

    public func room(code: String) async throws -> StoredRoom? { rooms[code] }

    public func saveState(_ state: RoomState, forRoom code: String) async throws {
        guard let room = rooms[code], room.state.seq <= state.seq else { return }
        rooms[code]?.state = state
    }

    public func roomCount() async throws -> Int { rooms.count }

    public func cachedMatch(for key: MatchCacheKey, now: Int64) async throws -> MatchResult? {
        guard let entry = matches[key], entry.expiresAt > now else { return nil }
        return entry.result
    }

    public func cacheMatch(_ result: MatchResult, for key: MatchCacheKey, expiresAt: Int64) async throws {
        matches[key] = (result, expiresAt)
    }

    public func close() async throws {}
}
