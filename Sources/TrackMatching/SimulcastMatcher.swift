import CatalogCore
import SimulcastCore

/// The matcher: identifiers first (ISRC where the catalog can look it up; album UPC plus
/// track and disc number where it lists albums), then text queries in the listener's
/// storefront, from the most specific to the broadest; every candidate is judged by
/// `CandidatePicker`, and it stops as soon as one query yields a clear winner.
public struct SimulcastMatcher: TrackMatcher {
    public let strategy = MatchMethod.Strategy.simulcast
    public let picker: CandidatePicker
    public let searchLimit: Int

    public init(picker: CandidatePicker = CandidatePicker(), searchLimit: Int = 25) {
        self.picker = picker
        self.searchLimit = searchLimit
    }

    public func match(_ source: TrackMetadata, in catalog: any Catalog, storefront: String) async -> MatchResult {
        let source = Self.comparable(source)
        var steps: [String] = []
        let candidates: [TrackMetadata]
        do {
            let gathered = try await gather(source, in: catalog, storefront: storefront, steps: &steps) { judged, route, steps in
                let result = picker.pick(source, from: judged)
                return result.isMatched ? annotate(result, steps: steps, route: route) : nil
            }
            if var answer = gathered.answer {
                answer.track = answer.track.map { gathered.asFound[$0.id] ?? $0 }
                return answer
            }
            candidates = gathered.candidates
        } catch {
            return MatchResult(status: .unavailable, method: MatchMethod(strategy), reasons: steps + ["\(catalog.service) failed: \(error)"])
        }
        if candidates.isEmpty {
            return .notFound(method: MatchMethod(strategy), reasons: steps + ["not in the \(catalog.service) catalog for storefront \(storefront)"])
        }
        let final = picker.pick(source, from: candidates)
        return MatchResult(
            status: final.status == .matched ? .notFound : final.status, track: nil, confidence: final.confidence, method: MatchMethod(strategy),
            reasons: steps + final.reasons)
    }

    /// Every candidate every lookup finds (none stops early), each judged as `match` judges it:
    /// what a listener choosing "another version" picks from.
    public func versions(of source: TrackMetadata, in catalog: any Catalog, storefront: String) async throws -> [CandidateAssessment] {
        let source = Self.comparable(source)
        var steps: [String] = []
        let gathered = try await gather(source, in: catalog, storefront: storefront, steps: &steps) { _, _, _ in nil }
        let parsed = TitleParser.parse(source.title)
        return gathered.candidates.map {
            var assessment = picker.assess($0, against: source, parsedTitle: parsed)
            assessment.candidate = gathered.asFound[$0.id] ?? $0
            return assessment
        }
    }

    /// A track as the picker compares it: a YouTube video read as the song it carries
    /// (`YouTubeVideoReading`), anything else as it is.
    static func comparable(_ track: TrackMetadata) -> TrackMetadata {
        track.service == .youtube ? YouTubeVideoReading.song(in: track) : track
    }

    /// The lookups in order (identifiers, then text queries, then the album), each adding the
    /// candidates it finds that are new; after each, `decide` sees the ones that lookup puts
    /// to the picker and may end the search with an answer.
    private func gather(
        _ source: TrackMetadata, in catalog: any Catalog, storefront: String, steps: inout [String],
        decide: (_ judged: [TrackMetadata], _ route: MatchMethod.Route, _ steps: [String]) -> MatchResult?
    ) async throws -> (candidates: [TrackMetadata], answer: MatchResult?, asFound: [String: TrackMetadata]) {
        var seen: Set<String> = []
        var candidates: [TrackMetadata] = []
        // Videos as the catalog gave them, by id: an answer names the video, not its reading.
        var asFound: [String: TrackMetadata] = [:]
        func add(_ found: [TrackMetadata]) -> Int {
            let new = found.filter { seen.insert($0.id).inserted }
            for track in new where track.service == .youtube { asFound[track.id] = track }
            candidates += new.map(Self.comparable)
            return new.count
        }
        if let isrc = source.isrc, let lookup = catalog as? any ISRCLookupCatalog {
            let found = try await lookup.tracks(isrc: isrc, storefront: storefront)
            steps.append("ISRC \(isrc): \(found.count) found")
            let withISRC = found.map {
                var track = $0; track.isrc = track.isrc ?? isrc; return track
            }
            _ = add(withISRC)
            if let answer = decide(withISRC, .isrc, steps) { return (candidates, answer, asFound) }
        }
        if let upc = source.albumUPC, let lookup = catalog as? any AlbumUPCLookupCatalog {
            let album = try await lookup.albumTracks(upc: upc, storefront: storefront)
            let sameSlot = album.filter { $0.trackNumber == source.trackNumber && ($0.discNumber ?? 1) == (source.discNumber ?? 1) }
            steps.append("album UPC \(upc): \(album.count) tracks")
            _ = add(album)
            if let answer = decide(sameSlot.isEmpty ? album : sameSlot, .upc, steps) { return (candidates, answer, asFound) }
        }
        let base = TitleParser.parse(source.title).base
        let searches = (catalog as? any CostlySearchCatalog)?.searchesPerMatch ?? .max
        for query in queries(for: source).prefix(searches) {
            // The bare title searches song titles only, where the catalog can.
            let found: [TrackMetadata]
            if query == base, let titles = catalog as? any SongTitleSearchCatalog {
                found = try await titles.search(songTitle: query, storefront: storefront, limit: searchLimit)
            } else {
                found = try await catalog.search(term: query, storefront: storefront, limit: searchLimit)
            }
            let new = add(found)
            steps.append("\"\(query)\": \(found.count) found, \(new) new")
            guard new > 0 else { continue }
            if let answer = decide(candidates, .search, steps) { return (candidates, answer, asFound) }
        }
        if let album = source.album, let artist = ArtistNames.all(source.artists).first, let albums = catalog as? any AlbumSearchCatalog {
            let tracks = try await albums.albumTracks(artist: artist, album: CandidatePicker.albumKey(album), storefront: storefront)
            let new = add(tracks)
            steps.append("album \"\(album)\" by \(artist): \(tracks.count) tracks, \(new) new")
            if new > 0, let answer = decide(candidates, .album, steps) { return (candidates, answer, asFound) }
        }
        return (candidates, nil, asFound)
    }

    /// Primary artist + base title; the base title alone; romanised forms when the source is not in Latin script.
    func queries(for source: TrackMetadata) -> [String] {
        let parsed = TitleParser.parse(source.title)
        let primary = ArtistNames.all(source.artists).first
        var queries: [String] = []
        if let primary { queries.append("\(primary) \(parsed.base)") }
        queries.append(parsed.base)
        if !TextNormalizer.isLatin(parsed.base) || !(primary.map(TextNormalizer.isLatin) ?? true) {
            let romanTitle = TextNormalizer.romanize(parsed.base)
            queries.append([primary.map(TextNormalizer.romanize), romanTitle].compactMap { $0 }.joined(separator: " "))
        }
        if let album = source.album, let primary { queries.append("\(primary) \(CandidatePicker.albumKey(album))") }
        var unique: [String] = []
        for query in queries where !unique.contains(query) { unique.append(query) }
        return unique
    }

    private func annotate(_ result: MatchResult, steps: [String], route: MatchMethod.Route) -> MatchResult {
        var annotated = result
        annotated.method = MatchMethod(strategy, route)
        annotated.reasons = steps + result.reasons
        return annotated
    }
}
