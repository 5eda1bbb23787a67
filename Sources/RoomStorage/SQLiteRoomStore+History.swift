import Foundation
import Rooms
import SQLiteNIO
import SimulcastCore

/// Rooms' history, in SQLite: one row per song, its entry as JSON.
extension SQLiteRoomStore: RoomHistoryStore {
    public func appendHistory(room: String, entry: RoomHistoryEntry, endedWith: [RoomHistoryEntry.Match]?) async throws {
        let last = try await query("SELECT position, entry FROM room_history WHERE room = ? ORDER BY position DESC LIMIT 1", [.text(room)]).first
        let position = (last?.column("position")?.integer ?? 0) + 1
        if let endedWith, let last, let lastPosition = last.column("position")?.integer, let text = last.column("entry")?.string,
            var previous = try? JSONDecoder().decode(RoomHistoryEntry.self, from: Data(text.utf8))
        {
            previous.matches = endedWith
            _ = try await query(
                "UPDATE room_history SET entry = ? WHERE room = ? AND position = ?", [.text(try Self.json(previous)), .text(room), .integer(lastPosition)])
        }
        _ = try await query(
            "INSERT INTO room_history (room, position, entry) VALUES (?, ?, ?)", [.text(room), .integer(position), .text(try Self.json(entry))])
        _ = try await query("DELETE FROM room_history WHERE room = ? AND position <= ?", [.text(room), .integer(position - RoomHistoryEntry.limit)])
    }

    public func history(room: String, before: Int?, limit: Int) async throws -> [RoomHistoryRow] {
        let rows = try await query(
            "SELECT position, entry FROM room_history WHERE room = ? AND position < ? ORDER BY position DESC LIMIT ?",
            [.text(room), .integer(before ?? .max), .integer(limit)])
        return rows.compactMap { row in
            guard let position = row.column("position")?.integer, let text = row.column("entry")?.string,
                let entry = try? JSONDecoder().decode(RoomHistoryEntry.self, from: Data(text.utf8))
            else { return nil }
            return RoomHistoryRow(position: position, entry: entry)
        }
    }

    static func json(_ entry: RoomHistoryEntry) throws -> String {
        String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
    }
}
