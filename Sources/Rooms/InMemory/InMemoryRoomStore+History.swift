import SimulcastCore

/// Rooms' history, in memory.
extension InMemoryRoomStore: RoomHistoryStore {
    public func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws {
        var songs = histories[room] ?? []
        if let endedWith, !songs.isEmpty { songs[songs.count - 1].entry.matches = endedWith }
        songs.append(RoomHistoryRow(position: (songs.last?.position ?? 0) + 1, entry: entry))
        histories[room] = Array(songs.suffix(RoomHistoryEntry.limit))
    }

    public func history(room: String, before: Int?, limit: Int) async throws -> [RoomHistoryRow] {
        Array((histories[room] ?? []).reversed().lazy.filter { $0.position < before ?? .max }.prefix(limit))
    }
}
