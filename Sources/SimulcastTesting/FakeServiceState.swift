import SimulcastCore

/// What a fake service holds: its catalog, the faults to answer next, and a log of the
/// requests it saw (path, query, the Authorization header, the time on the test's clock).
public actor FakeServiceState {
    public struct Seen: Sendable {
        public var path: String
        public var query: [String: String]
        public var authorization: String?
        public var atMicros: Int64
    }

    public private(set) var tracks: [TrackMetadata]
    /// Storefronts a track id is missing from.
    public var unavailable: [String: Set<String>] = [:]
    /// Faults to answer with, each for the next request whose path contains its filter (any path when nil).
    private var faults: [(fault: FakeFault, path: String?)] = []
    private var outage: FakeFault?
    public private(set) var seen: [Seen] = []
    /// Track ids search does not return though lookups do (real search indexes miss tracks).
    public var hiddenFromSearch: Set<String> = []
    let clock: (any LocalClock)?

    public init(tracks: [TrackMetadata], clock: (any LocalClock)? = nil) {
        self.tracks = tracks
        self.clock = clock
    }

    /// Answers every request with `fault` until `recover()`: an outage rather than a blip.
    public func failEvery(_ fault: FakeFault) { outage = fault }

    public func recover() { outage = nil }

    public func failNext(_ fault: FakeFault, times: Int = 1, onPathContaining path: String? = nil) {
        faults.append(contentsOf: Array(repeating: (fault, path), count: times))
    }

    public func hideFromSearch(_ id: String) { hiddenFromSearch.insert(id) }

    public func markUnavailable(_ id: String, in storefront: String) {
        unavailable[id, default: []].insert(storefront.lowercased())
    }

    public func clearSeen() { seen = [] }

    /// Records a request and returns the fault to answer it with, if any.
    func arrive(path: String, query: [String: String], authorization: String?) -> FakeFault? {
        seen.append(Seen(path: path, query: query, authorization: authorization, atMicros: clock?.now().micros ?? 0))
        if let outage { return outage }
        guard let index = faults.firstIndex(where: { $0.path.map(path.contains) ?? true }) else { return nil }
        return faults.remove(at: index).fault
    }

    func available(_ track: TrackMetadata, in storefront: String?) -> Bool {
        guard let storefront else { return true }
        return !(unavailable[track.id]?.contains(storefront.lowercased()) ?? false)
    }

    /// iTunes-like matching: every term of the query in the title, artists or album.
    func search(_ term: String, storefront: String?) -> [TrackMetadata] {
        let wanted = FakeSearch.terms(term)
        guard !wanted.isEmpty else { return [] }
        return tracks.filter { track in
            let haystack = Set(FakeSearch.terms(([track.title] + track.artists + [track.album ?? ""]).joined(separator: " ")))
            return available(track, in: storefront) && !hiddenFromSearch.contains(track.id) && wanted.allSatisfy(haystack.contains)
        }
    }
}
