import Foundation
import Logging
import SimulcastCore

/// The room's history: a commit that makes a new song the room's adds it, and the song before
/// it keeps the matches it ended with. Only the node whose commit won writes it, once. Each
/// song is bounded in bytes before it is written, so a room's history is bounded too.
extension LiveRoom {
    func recordIfNewSong(_ next: RoomState, after previous: RoomState) async {
        guard let track = next.track, track.source.id != previous.track?.source.id || track.source.service != previous.track?.source.service else { return }
        let entry = RoomHistoryEntry(
            startedAt: next.anchor.time, source: track.source, matches: RoomHistoryEntry.matches(of: track), requestedBy: next.requester(of: track.source))
        let endedWith = previous.track.map { RoomHistoryEntry(startedAt: previous.anchor.time, source: $0.source, matches: RoomHistoryEntry.matches(of: $0)) }
        do {
            try await context.store.appendHistory(
                room: code, entry: entry.bounded(size: Self.encodedSize), endedWith: endedWith?.bounded(size: Self.encodedSize).matches)
        } catch {
            context.logger.warning("cannot add the song to the room's history", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    /// A song's size as the store keeps it (JSON); one that cannot be encoded counts as too big.
    private static func encodedSize(_ entry: RoomHistoryEntry) -> Int {
        (try? JSONEncoder().encode(entry).count) ?? .max
    }

    /// At most `limit` of the room's songs numbered below `before` (the newest without it),
    /// newest first; the one playing now with the matches it has so far.
    package func history(before: Int?, limit: Int) async throws -> [RoomHistoryRow] {
        var songs = try await context.store.history(room: code, before: before, limit: limit)
        if before == nil, let track = stored.state.track, !songs.isEmpty, songs[0].entry.source.id == track.source.id {
            songs[0].entry.matches = RoomHistoryEntry.matches(of: track)
        }
        return songs
    }
}
