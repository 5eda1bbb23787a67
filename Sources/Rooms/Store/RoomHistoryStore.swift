import SimulcastCore

/// The songs each room played (`RoomHistoryEntry`), numbered in the order they started, kept
/// with the room and bounded: the newest `RoomHistoryEntry.limit`, each at most
/// `RoomHistoryEntry.maximumBytes`; deleting a room deletes its history.
public protocol RoomHistoryStore: Sendable {
    /// Adds the room's newest song. `endedWith` are the matches the song before it ended with
    /// (they arrive after the song starts), written into that song first; then only the
    /// newest `RoomHistoryEntry.limit` songs are kept.
    func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws
    /// At most `limit` songs numbered below `before` (every song for nil), newest first.
    func history(room: String, before: Int?, limit: Int) async throws -> [RoomHistoryRow]
}

extension RoomHistoryStore {
    /// Every song the room keeps, oldest first.
    public func history(room: String) async throws -> [RoomHistoryEntry] {
        try await history(room: room, before: nil, limit: RoomHistoryEntry.limit).reversed().map(\.entry)
    }
}
