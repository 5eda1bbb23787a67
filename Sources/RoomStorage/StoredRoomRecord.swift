import Foundation
import Rooms
import SimulcastCore

/// How both SQL stores write records as JSON text and read them back.
enum StoredRoomRecord {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decodeState(_ text: String, room code: String) throws -> RoomState {
        do { return try JSONDecoder().decode(RoomState.self, from: Data(text.utf8)) } catch {
            throw StoreError(.corruptRecord, "room \(code) has an unreadable state")
        }
    }

    /// A record this version cannot read is nil: a cache miss, or a correction left out of a list.
    static func decodeIfReadable<Value: Decodable>(_ type: Value.Type, from text: String) -> Value? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
