import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// The Spotify Web API's catalog with an app token: tracks (with ISRC), albums (with UPC),
/// and search, including `isrc:` queries. Search `limit` stays at 10 or less, the most
/// development-mode apps may ask for. `Retry-After` on 429 is honoured.
public struct SpotifyClient: Catalog {
    public static let maximumSearchLimit = 10
    public let service = MusicService.spotify
    let apiURL: String
    let token: @Sendable () async throws -> String
    let invalidate: @Sendable () async -> Void
    let http: ServiceHTTPClient

    public init(
        appTokens: SpotifyAppTokenProvider, apiURL: String = "https://api.spotify.com", transport: any HTTPTransport,
        policy: ServicePolicy = ServicePolicy(), clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.init(
            token: { try await appTokens.token() }, invalidate: { await appTokens.invalidate() }, apiURL: apiURL, transport: transport, policy: policy,
            clock: clock, logger: logger)
    }

    /// `retry`: a poller that keeps its own pace passes `RetryPolicy(maximumAttempts: 1)`,
    /// so a 429 reaches it at once with its `Retry-After`. `pacer`: shared by every client of
    /// one app (the server following many hosts), so together they keep the app's pace and a
    /// `Retry-After` holds them all back.
    public init(
        token: @escaping @Sendable () async throws -> String, invalidate: @escaping @Sendable () async -> Void = {}, apiURL: String = "https://api.spotify.com",
        transport: any HTTPTransport, retry: RetryPolicy = RetryPolicy(), policy: ServicePolicy = ServicePolicy(),
        pacer: RequestPacer? = nil, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.spotify")
    ) {
        self.apiURL = apiURL
        self.token = token
        self.invalidate = invalidate
        self.http = ServiceHTTPClient(service: .spotify, transport: transport, pacer: pacer, retry: retry, policy: policy, clock: clock, logger: logger)
    }

    /// The Spotify user whose token this client holds (`GET /v1/me`'s `id`).
    public func currentUserId() async throws -> String {
        struct Me: Decodable { var id: String }
        let me: Me = try await get("/v1/me", query: [])
        return me.id
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        let query = [("q", term), ("type", "track"), ("limit", String(min(max(limit, 1), Self.maximumSearchLimit))), ("market", Self.market(storefront))]
        let response: SpotifySearchResponse = try await get("/v1/search", query: query)
        return response.tracks?.items.compactMap(\.track) ?? []
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        do {
            let object: SpotifyTrackObject = try await get("/v1/tracks/\(FormEncoding.escape(id))", query: [("market", Self.market(storefront))])
            return object.track
        } catch CatalogServiceError.notFound {
            return nil
        }
    }

    /// Tracks with this ISRC.
    public func tracks(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        try await search(term: "isrc:\(isrc)", storefront: storefront, limit: Self.maximumSearchLimit)
    }

    public func album(id: String) async throws -> SpotifyAlbumObject {
        try await get("/v1/albums/\(FormEncoding.escape(id))", query: [])
    }

    /// A track with its album's UPC filled in (the track object does not carry it).
    public func trackWithAlbum(id: String, storefront: String) async throws -> TrackMetadata? {
        let object: SpotifyTrackObject = try await get("/v1/tracks/\(FormEncoding.escape(id))", query: [("market", Self.market(storefront))])
        guard var track = object.track else { return nil }
        if let albumId = object.album?.id { track.albumUPC = try await album(id: albumId).upc }
        return track
    }

    /// What the user is playing; nil when nothing is (204).
    public func currentlyPlaying() async throws -> SpotifyCurrentlyPlaying? {
        let response = try await send("/v1/me/player/currently-playing", query: [("additional_types", "track,episode")])
        if response.status == 204 || response.body.isEmpty { return nil }
        return try http.decode(SpotifyCurrentlyPlaying.self, from: response)
    }

    public func queue() async throws -> SpotifyQueue {
        try await get("/v1/me/player/queue", query: [])
    }

    /// A country code, or `from_token` (the user's own country, for user tokens).
    static func market(_ storefront: String) -> String {
        storefront == "from_token" ? storefront : storefront.uppercased()
    }

    func get<T: Decodable>(_ path: String, query: [(String, String)]) async throws -> T {
        try http.decode(T.self, from: try await send(path, query: query))
    }

    private func send(_ path: String, query: [(String, String)]) async throws -> TransportResponse {
        let response = try await authorized(path, query: query)
        try http.check(response)
        return response
    }

    /// Sends with the user's token, once more with a fresh one on a 401; any status returns.
    func authorized(_ path: String, query: [(String, String)], method: String = "GET", json: Data? = nil) async throws -> TransportResponse {
        let url = try ServiceURL.make(apiURL, path: path, query: query)
        func request() async throws -> TransportRequest {
            var headers = [("Authorization", "Bearer \(try await token())")]
            if json != nil { headers.append(("Content-Type", "application/json")) }
            return TransportRequest(method: method, url: url, headers: headers, body: json ?? (method == "GET" ? nil : Data()))
        }
        var response = try await http.send(try await request())
        if response.status == 401 {
            // Expired between our check and the call: one fresh token, one more try.
            await invalidate()
            response = try await http.send(try await request())
        }
        return response
    }
}
