import Logging
import SimulcastCore

/// The room's history: a commit that makes a new song the room's adds it, and the song before
/// it keeps the matches it ended with. Only the node whose commit won writes it, once.
extension LiveRoom {
    func recordIfNewSong(_ next: RoomState, after previous: RoomState) async {
        guard let track = next.track, track.source.id != previous.track?.source.id || track.source.service != previous.track?.source.service else { return }
        let entry = RoomHistoryEntry(
            startedAt: next.anchor.time, source: track.source, matches: RoomHistoryEntry.matches(of: track), requestedBy: next.requester(of: track.source))
        do {
            try await context.store.appendHistory(room: code, entry: entry, endedWith: previous.track.map(RoomHistoryEntry.matches(of:)))
        } catch {
            context.logger.warning("cannot add the song to the room's history", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    /// The room's songs, oldest first; the one playing now with the matches it has so far.
    package func history() async throws -> [RoomHistoryEntry] {
        var songs = try await context.store.history(room: code)
        if let track = stored.state.track, let last = songs.indices.last, songs[last].source.id == track.source.id {
            songs[last].matches = RoomHistoryEntry.matches(of: track)
        }
        return songs
    }
}
