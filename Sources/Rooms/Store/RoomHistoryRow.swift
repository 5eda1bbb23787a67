import SimulcastCore

/// A song of a room's history with its number: the numbers rise in the order songs started,
/// so a page of history is "the songs below this number".
public struct RoomHistoryRow: Hashable, Sendable {
    public var position: Int
    public var entry: RoomHistoryEntry

    public init(position: Int, entry: RoomHistoryEntry) {
        self.position = position
        self.entry = entry
    }
}
