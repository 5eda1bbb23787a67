import Foundation
import SimulcastCore

/// A catalog read from a JSON Lines file of track records (the matching data's format,
/// plus an optional `storefronts` list saying where a track is available).
///
/// Search behaves like the iTunes Search API: every term must occur in the title, an
/// artist or the album, and results come back in catalog order.
public struct OfflineCatalog: Catalog {
    public let service: MusicService
    public let entries: [Entry]
    private let byId: [String: Int]
    /// Term -> indices of the entries holding it, ascending: search intersects these
    /// instead of scanning, so a 100,000-track file answers in microseconds.
    private let postings: [String: [Int]]

    public struct Entry: Hashable, Sendable {
        public var track: TrackMetadata
        /// Lower-case two-letter codes; nil means available everywhere.
        public var storefronts: Set<String>?
        let terms: Set<String>

        init(track: TrackMetadata, storefronts: Set<String>?) {
            self.track = track
            self.storefronts = storefronts
            let text = ([track.title] + track.artists + [track.album ?? ""]).joined(separator: " ")
            self.terms = Set(SearchTerms.terms(of: text))
        }

        func isAvailable(in storefront: String) -> Bool {
            storefronts?.contains(storefront.lowercased()) ?? true
        }
    }

    private struct Record: Decodable {
        var service: MusicService?
        var id: String
        var title: String
        var artists: [String]?
        var album: String?
        var durationMs: Int?
        var isrc: String?
        var albumUPC: String?
        var trackNumber: Int?
        var discNumber: Int?
        var explicit: Bool?
        var releaseDate: String?
        var storefronts: [String]?
    }

    /// How many tracks it holds.
    public var count: Int { entries.count }

    public init(service: MusicService, tracks: [TrackMetadata]) {
        self.init(service: service, entries: tracks.map { Entry(track: $0, storefronts: nil) })
    }

    init(service: MusicService, entries: [Entry]) {
        self.service = service
        self.entries = entries
        var byId: [String: Int] = [:]
        var postings: [String: [Int]] = [:]
        for (index, entry) in entries.enumerated() {
            if byId[entry.track.id] == nil { byId[entry.track.id] = index }
            for term in entry.terms { postings[term, default: []].append(index) }
        }
        self.byId = byId
        self.postings = postings
    }

    /// Reads a JSON Lines file. Records of another service are skipped; a malformed line
    /// fails the load with its line number, so a broken file is never half-used silently.
    public init(service: MusicService, contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw CatalogError(.unreadableFile, "cannot read catalog file \(url.path): \(error.localizedDescription)")
        }
        try self.init(service: service, jsonLines: data, name: url.lastPathComponent)
    }

    public init(service: MusicService, jsonLines data: Data, name: String = "catalog") throws {
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }
            if trimmed.isEmpty { continue }
            let record: Record
            do { record = try decoder.decode(Record.self, from: Data(line)) } catch {
                throw CatalogError(.invalidRecord, "\(name) line \(lineNumber): not a track record (needs at least \"id\" and \"title\")")
            }
            if let recordService = record.service, recordService != service { continue }
            let track = TrackMetadata(
                service: service, id: record.id, title: record.title, artists: record.artists ?? [], album: record.album,
                durationMs: record.durationMs, isrc: record.isrc, albumUPC: record.albumUPC, trackNumber: record.trackNumber,
                discNumber: record.discNumber, explicit: record.explicit, releaseDate: record.releaseDate
            )
            entries.append(Entry(track: track, storefronts: record.storefronts.map { Set($0.map { $0.lowercased() }) }))
        }
        self.init(service: service, entries: entries)
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        searchNow(term: term, storefront: storefront, limit: limit)
    }

    public func searchNow(term: String, storefront: String, limit: Int) -> [TrackMetadata] {
        let wanted = SearchTerms.terms(of: term)
        guard !wanted.isEmpty, limit > 0 else { return [] }
        let lists = Set(wanted).map { postings[$0] ?? [] }.sorted { $0.count < $1.count }
        guard let shortest = lists.first, !shortest.isEmpty else { return [] }
        let others = lists.dropFirst()
        var results: [TrackMetadata] = []
        for index in shortest where others.allSatisfy({ Self.sortedContains($0, index) }) && entries[index].isAvailable(in: storefront) {
            results.append(entries[index].track)
            if results.count == limit { break }
        }
        return results
    }

    static func sortedContains(_ list: [Int], _ value: Int) -> Bool {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low] == value
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        guard let index = byId[id], entries[index].isAvailable(in: storefront) else { return nil }
        return entries[index].track
    }
}
