import Foundation
import PostgresNIO
import Rooms
import SimulcastCore

/// Rooms' history, in PostgreSQL: one row per song, its entry as JSON text.
extension PostgresRoomStore: RoomHistoryStore {
    public func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws {
        let last = try await rows("SELECT position, entry FROM room_history WHERE room = \(room) ORDER BY position DESC LIMIT 1").first
            .map { try $0.decode((Int, String).self) }
        let position = (last?.0 ?? 0) + 1
        if let endedWith, let last, var previous = try? JSONDecoder().decode(RoomHistoryEntry.self, from: Data(last.1.utf8)) {
            previous.matches = endedWith
            try await execute("UPDATE room_history SET entry = \(try Self.json(previous)) WHERE room = \(room) AND position = \(last.0)")
        }
        try await execute("INSERT INTO room_history (room, position, entry) VALUES (\(room), \(position), \(try Self.json(entry)))")
        try await execute("DELETE FROM room_history WHERE room = \(room) AND position <= \(position - RoomHistoryEntry.limit)")
    }

    public func history(room: String, before: Int?, limit: Int) async throws -> [RoomHistoryRow] {
        let below = before ?? .max
        return try await rows(
            "SELECT position, entry FROM room_history WHERE room = \(room) AND position < \(below) ORDER BY position DESC LIMIT \(limit)"
        ).compactMap { row in
            let (position, text) = try row.decode((Int, String).self)
            guard let entry = try? JSONDecoder().decode(RoomHistoryEntry.self, from: Data(text.utf8)) else { return nil }
            return RoomHistoryRow(position: position, entry: entry)
        }
    }

    static func json(_ entry: RoomHistoryEntry) throws -> String {
        String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
    }
}
