import SimulcastCore

/// The songs each room played (`RoomHistoryEntry`), oldest first, kept with the room and
/// bounded: deleting a room deletes its history.
public protocol RoomHistoryStore: Sendable {
    /// Adds the room's newest song. `endedWith` are the matches the song before it ended with
    /// (they arrive after the song starts), written into that song first; then only the
    /// newest `RoomHistoryEntry.limit` songs are kept.
    func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws
    /// Oldest first.
    func history(room: String) async throws -> [RoomHistoryEntry]
}
