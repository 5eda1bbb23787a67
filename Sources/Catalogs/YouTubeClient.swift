import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// The YouTube Data API v3 as a catalog: `search.list` (100 quota units a call) finds
/// embeddable music videos in the listener's region, `videos.list` (1 unit) gives their
/// titles, channels, lengths, embeddability and region restrictions, and answers those lookups
/// alone for a known id. The key travels in the `X-Goog-Api-Key` header, so no URL, log line
/// or cache key carries it. Every answer goes into the shared response cache, so a song is
/// searched once per region however many rooms and nodes ask; a spent quota holds lookups
/// until YouTube's quota day ends (`YouTubeQuota`).
public struct YouTubeClient: CostlySearchCatalog, PlaylistCatalog {
    public struct Configuration: Sendable {
        public var baseURL: String
        public var apiKey: String
        /// How long a search's or a video's answer is kept; a search that found nothing, less.
        public var cacheLifetimeSeconds: Int64
        public var missCacheLifetimeSeconds: Int64
        /// Results asked of one search (`maxResults`, at most 50): the studio recording is
        /// usually among the first few, and more cost nothing but bytes.
        public var searchResults: Int

        public init(
            baseURL: String = "https://www.googleapis.com", apiKey: String, cacheLifetimeSeconds: Int64 = 7 * 86_400,
            missCacheLifetimeSeconds: Int64 = 86_400, searchResults: Int = 15
        ) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.cacheLifetimeSeconds = cacheLifetimeSeconds
            self.missCacheLifetimeSeconds = missCacheLifetimeSeconds
            self.searchResults = searchResults
        }
    }

    public let service = MusicService.youtube
    /// One search per match: the artist and title. A second query would cost another 100 units.
    public let searchesPerMatch = 1
    let configuration: Configuration
    let http: ServiceHTTPClient
    let cache: (any ResponseCache)?
    let quota: YouTubeQuota
    let clock: any LocalClock
    let logger: Logger

    public init(
        configuration: Configuration, transport: any HTTPTransport, cache: (any ResponseCache)?, quota: YouTubeQuota, policy: ServicePolicy = ServicePolicy(),
        clock: any LocalClock, logger: Logger = Logger(label: "simulcast.youtube")
    ) {
        self.configuration = configuration
        self.cache = cache
        self.quota = quota
        self.clock = clock
        self.logger = logger
        // The quota, not a rate, limits the Data API; the pace only keeps a burst polite.
        self.http = ServiceHTTPClient(
            service: .youtube, transport: transport, pacer: RequestPacer(limit: 10, window: .seconds(1), clock: clock), policy: policy, clock: clock,
            logger: logger)
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        let region = Self.region(storefront)
        let found: YouTubeSearchListResponse = try await get(
            "/youtube/v3/search",
            query: [
                ("part", "snippet"), ("type", "video"), ("videoCategoryId", "10"), ("videoEmbeddable", "true"), ("regionCode", region),
                ("maxResults", String(min(max(limit, 1), configuration.searchResults, 50))), ("q", term),
            ], isEmpty: { $0.items.isEmpty })
        let ids = Array(found.videoIds.prefix(50))
        guard !ids.isEmpty else { return [] }
        let videos = try await videos(ids)
        // Search's order, which is YouTube's relevance.
        let byId = Dictionary(videos.items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byId[$0]?.track(in: region) }
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        guard Self.isVideoId(id) else { return nil }
        return try await videos([id]).items.first { $0.id == id }?.track(in: Self.region(storefront))
    }

    /// A playlist's first 50 videos, in its order: `playlistItems.list` (1 unit) for their ids,
    /// then `videos.list` (1 unit) for what a lookup reads of each; a video that cannot be
    /// embedded or is blocked in the region is left out, as a search leaves it out.
    public func playlistTracks(id: String, storefront: String) async throws -> [TrackMetadata] {
        let region = Self.region(storefront)
        let page: YouTubePlaylistItemsResponse
        do {
            page = try await get(
                "/youtube/v3/playlistItems", query: [("part", "contentDetails"), ("playlistId", id), ("maxResults", "50")], isEmpty: { $0.items.isEmpty })
        } catch CatalogServiceError.notFound {
            return []  // private, deleted, or a mix made for one viewer (YouTube reads those to nobody else)
        }
        let ids = Array(page.videoIds.filter(Self.isVideoId).prefix(50))
        guard !ids.isEmpty else { return [] }
        let byId = Dictionary(try await videos(ids).items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return ids.compactMap { byId[$0]?.track(in: region) }
    }

    /// One `videos.list` call: whether the key works (for `doctor`).
    public func checkKey() async throws {
        _ = try await videos(["dQw4w9WgXcQ"], cached: false)
    }

    private func videos(_ ids: [String], cached: Bool = true) async throws -> YouTubeVideoListResponse {
        try await get(
            "/youtube/v3/videos", query: [("part", "snippet,contentDetails,status"), ("id", ids.joined(separator: ",")), ("maxResults", "50")],
            isEmpty: { $0.items.isEmpty }, cached: cached)
    }

    /// A cached answer, or one call (unless the quota is spent), cached by its URL, which
    /// holds no key. One call at a time per URL for everyone sharing the cache (other rooms,
    /// other nodes): they wait for it and read its answer. A cache that cannot be read or
    /// written (the database away) costs a direct call, never the lookup.
    private func get<T: Decodable & Sendable>(_ path: String, query: [(String, String)], isEmpty: @escaping @Sendable (T) -> Bool, cached: Bool = true)
        async throws -> T
    {
        let url = try ServiceURL.make(configuration.baseURL, path: path, query: query)
        guard cached, let cache else { return try await call(T.self, url, isEmpty: isEmpty).answer }
        do {
            let body = try await cache.response(for: url, now: clock.now()) {
                let fetched = try await self.call(T.self, url, isEmpty: isEmpty)
                return FetchedResponse(body: fetched.body, expiresAt: fetched.expiresAt)
            }
            if let answer = try? JSONDecoder().decode(T.self, from: Data(body)) { return answer }
        } catch let error as CatalogServiceError {
            throw error
        } catch {
            logger.warning("the response cache failed; asking YouTube directly", metadata: ["error": "\(error)"])
        }
        return try await call(T.self, url, isEmpty: isEmpty).answer
    }

    /// One call to the Data API, unless the quota is spent: its answer, its body and how long
    /// to keep it.
    private func call<T: Decodable & Sendable>(_: T.Type, _ url: String, isEmpty: (T) -> Bool) async throws -> (answer: T, body: [UInt8], expiresAt: LocalTime)
    {
        try await quota.check()
        let response = try await http.send(TransportRequest(url: url, headers: [("X-Goog-Api-Key", configuration.apiKey), ("Accept", "application/json")]))
        if response.status >= 400 { throw await refusal(response) }
        let answer = try http.decode(T.self, from: response)
        let lifetime = isEmpty(answer) ? configuration.missCacheLifetimeSeconds : configuration.cacheLifetimeSeconds
        return (answer, Array(response.body), clock.now().advanced(by: .seconds(lifetime)))
    }

    /// What an error answer means, by the reasons the Data API documents.
    private func refusal(_ response: TransportResponse) async -> CatalogServiceError {
        let reasons = (try? JSONDecoder().decode(YouTubeErrorResponse.self, from: response.body))?.reasons ?? []
        if reasons.contains(where: { $0 == "quotaExceeded" || $0 == "dailyLimitExceeded" }) { return await quota.spent() }
        if reasons.contains(where: { $0 == "keyInvalid" || $0 == "keyExpired" }) || (response.status == 400 && reasons.contains("badRequest")) {
            return .unauthorized(.youtube)
        }
        if reasons.contains(where: { $0 == "accessNotConfigured" || $0 == "ipRefererBlocked" || $0 == "forbidden" }) {
            return .notConfigured(.youtube, detail: "the key's project may not use the YouTube Data API v3 (enable it, or check the key's restrictions)")
        }
        if reasons.contains(where: { $0 == "rateLimitExceeded" || $0 == "userRateLimitExceeded" }) {
            return .rateLimited(.youtube, retryAfterSeconds: RetryPolicy.retryAfterSeconds(response.headers["retry-after"]))
        }
        do {
            try http.check(response)
        } catch let error as CatalogServiceError {
            return error
        } catch {}
        return .unexpectedStatus(.youtube, status: response.status)
    }

    /// The region a storefront names ("us" -> "US"); YouTube wants ISO 3166-1 alpha-2.
    static func region(_ storefront: String) -> String {
        let code = storefront.prefix(2).uppercased()
        return code.count == 2 && code.allSatisfy(\.isLetter) ? code : "US"
    }

    /// An 11-character video id of letters, digits, `-` and `_`.
    static func isVideoId(_ id: String) -> Bool { YouTubeLink.isVideoId(id) }
}
