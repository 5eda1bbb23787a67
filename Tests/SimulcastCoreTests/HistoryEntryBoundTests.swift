import Foundation
import SimulcastCore
import Testing

/// Issue 52 (3): a song of a room's history is kept within `RoomHistoryEntry.maximumBytes`,
/// so a room's history is bounded in bytes (before, one room held 15 MB).
@Suite struct HistoryEntryBoundTests {
    static func size(_ entry: RoomHistoryEntry) -> Int { (try? JSONEncoder().encode(entry).count) ?? .max }

    static func entry(matches: Int, text: Int, artwork: Int) -> RoomHistoryEntry {
        let words = String(repeating: "é", count: text)
        var source = TrackMetadata(service: .spotify, id: "sp-1", title: words, artists: [words, words], album: words)
        source.artworkURL = artwork > 0 ? "https://art.example/" + String(repeating: "a", count: artwork) : nil
        let found = (0..<matches).map {
            RoomHistoryEntry.Match(
                service: .appleMusic, storefront: "s\($0)", track: TrackMetadata(service: .appleMusic, id: "am-\($0)", title: words, artists: [words]))
        }
        return RoomHistoryEntry(startedAt: ServerTime(micros: 1), source: source, matches: found)
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let label: String
        let matches: Int, text: Int, artwork: Int
        let keepsEveryMatch: Bool
        let keepsArtwork: Bool
        var testDescription: String { label }
    }

    static let rows: [Row] = [
        Row(label: "a usual song", matches: 3, text: 20, artwork: 60, keepsEveryMatch: true, keepsArtwork: true),
        Row(label: "24 pairs of long titles", matches: 24, text: 250, artwork: 60, keepsEveryMatch: false, keepsArtwork: true),
        Row(label: "the longest text and artwork the wire allows", matches: 24, text: 256, artwork: 2_000, keepsEveryMatch: false, keepsArtwork: false),
    ]

    @Test(arguments: rows) func aSongIsKeptWithinItsBytes(_ row: Row) {
        let full = Self.entry(matches: row.matches, text: row.text, artwork: row.artwork)
        let kept = full.bounded(size: Self.size)
        #expect(Self.size(kept) <= RoomHistoryEntry.maximumBytes)
        #expect((kept.matches == full.matches) == row.keepsEveryMatch)
        #expect((kept.source.artworkURL != nil) == row.keepsArtwork)
        #expect(kept.source.id == full.source.id && kept.source.title == full.source.title && kept.startedAt == full.startedAt)
        #expect(kept.matches == Array(full.matches.prefix(kept.matches.count)), "the first matches are the ones kept")
    }
}

/// Issue 52 (8): before, titles kept text-direction override characters: "‮evol" read as
/// "love" backwards, a hidden isolate could disguise an artist. The room keeps a track's
/// words without them, as it refuses them in names; the joiner of an emoji stays.
@Suite struct ShownTextTests {
    @Test(arguments: [
        ("\u{202E}evol eht fo mhtyr", "evol eht fo mhtyr"),
        ("Song\u{2066} (Live)\u{2069}", "Song (Live)"),
        ("Zero\u{200B}width", "Zerowidth"),
        ("Bell\u{0007} line", "Bell line"),
        ("Family 👨\u{200D}👩\u{200D}👧", "Family 👨\u{200D}👩\u{200D}👧"),
        ("Plain title", "Plain title"),
    ])
    func hiddenFormattingIsDropped(raw: String, shown: String) {
        #expect(TrackMetadata.shown(raw) == shown)
        let track = TrackMetadata(service: .spotify, id: "x", title: raw, artists: [raw], album: raw)
        let snapshot = PlaybackSnapshot(track: track, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: ServerTime(micros: 0)))
        let kept = snapshot.keepingServiceArtwork().track
        #expect(kept?.title == shown && kept?.artists == [shown] && kept?.album == shown)
    }
}
