import SimulcastCore

/// Rooms' history, in memory.
extension InMemoryRoomStore: RoomHistoryStore {
    public func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws {
        var songs = histories[room] ?? []
        if let endedWith, !songs.isEmpty { songs[songs.count - 1].matches = endedWith }
        songs.append(entry)
        histories[room] = Array(songs.suffix(RoomHistoryEntry.limit))
    }

    public func history(room: String) async throws -> [RoomHistoryEntry] { histories[room] ?? [] }
}
