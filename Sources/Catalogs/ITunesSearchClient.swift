import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// The iTunes Search API (no key): song search, lookup by id and by album UPC, in one
/// storefront. Paced to 20 requests a minute per process by default (the API answers 403
/// beyond about that), retried with backoff, and cached (misses for a shorter time).
public struct ITunesSearchClient: Catalog {
    public struct Configuration: Sendable {
        public var baseURL: String
        public var requestsPerMinute: Int
        public var cacheLifetimeSeconds: Int64
        public var missCacheLifetimeSeconds: Int64

        public init(
            baseURL: String = "https://itunes.apple.com", requestsPerMinute: Int = 20, cacheLifetimeSeconds: Int64 = 86_400,
            missCacheLifetimeSeconds: Int64 = 3_600
        ) {
            self.baseURL = baseURL
            self.requestsPerMinute = requestsPerMinute
            self.cacheLifetimeSeconds = cacheLifetimeSeconds
            self.missCacheLifetimeSeconds = missCacheLifetimeSeconds
        }
    }

    /// Which field a search term is matched against.
    public enum Attribute: String, Sendable {
        case songTerm, artistTerm, albumTerm
    }

    public let service = MusicService.appleMusic
    let configuration: Configuration
    let http: ServiceHTTPClient
    let cache: (any ResponseCache)?
    let clock: any LocalClock

    public init(
        configuration: Configuration = .init(), transport: any HTTPTransport, cache: (any ResponseCache)? = nil,
        policy: ServicePolicy = ServicePolicy(), clock: any LocalClock, logger: Logger = Logger(label: "simulcast.itunes")
    ) {
        self.configuration = configuration
        self.cache = cache
        self.clock = clock
        self.http = ServiceHTTPClient(
            service: .appleMusic,
            transport: transport,
            pacer: RequestPacer(limit: configuration.requestsPerMinute, window: .seconds(60), clock: clock),
            retry: RetryPolicy(extraRetryStatuses: [403]),
            policy: policy,
            clock: clock,
            logger: logger
        )
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        try await search(term: term, attribute: nil, storefront: storefront, limit: limit)
    }

    public func search(term: String, attribute: Attribute?, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        var query = [("term", term), ("media", "music"), ("entity", "song"), ("country", storefront.lowercased()), ("limit", String(min(max(limit, 1), 200)))]
        if let attribute { query.append(("attribute", attribute.rawValue)) }
        return try await fetch(path: "/search", query: query).songs
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        try await fetch(path: "/lookup", query: [("id", id), ("country", storefront.lowercased())]).songs.first
    }

    /// An album's tracks by its UPC, with track and disc numbers.
    public func albumTracks(upc: String, storefront: String) async throws -> [TrackMetadata] {
        try await fetch(path: "/lookup", query: [("upc", upc), ("entity", "song"), ("country", storefront.lowercased()), ("limit", "200")]).songs
    }

    /// The tracks of the album that best answers "artist album" (the first album result).
    public func albumTracks(artist: String, album: String, storefront: String) async throws -> [TrackMetadata] {
        let albums = try await fetch(
            path: "/search",
            query: [("term", "\(artist) \(album)"), ("media", "music"), ("entity", "album"), ("country", storefront.lowercased()), ("limit", "5")])
        guard let collection = albums.results.first(where: { $0.wrapperType == "collection" })?.collectionId else { return [] }
        return try await fetch(
            path: "/lookup", query: [("id", String(collection)), ("entity", "song"), ("country", storefront.lowercased()), ("limit", "200")]
        ).songs
    }

    private func fetch(path: String, query: [(String, String)]) async throws -> ITunesSearchResponse {
        let url = try ServiceURL.make(configuration.baseURL, path: path, query: query)
        if let cache, let body = try? await cache.cachedResponse(for: url, now: clock.now()),
            let cached = try? JSONDecoder().decode(ITunesSearchResponse.self, from: Data(body))
        {
            return cached
        }
        let response = try await http.send(TransportRequest(url: url))
        // iTunes answers its rate limit with 403; after the retries it is still a rate limit.
        if response.status == 403 { throw CatalogServiceError.rateLimited(.appleMusic, retryAfterSeconds: nil) }
        try http.check(response)
        let decoded = try http.decode(ITunesSearchResponse.self, from: response)
        if let cache {
            let lifetime = decoded.resultCount == 0 ? configuration.missCacheLifetimeSeconds : configuration.cacheLifetimeSeconds
            try? await cache.cacheResponse(Array(response.body), for: url, expiresAt: clock.now().advanced(by: .seconds(lifetime)))
        }
        return decoded
    }
}
