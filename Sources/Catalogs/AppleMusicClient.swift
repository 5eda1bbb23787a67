import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// The Apple Music API's catalog, per storefront: songs by ISRC (several per code: single,
/// album, compilation), search (paged through `next`), song by id, and the equivalent of a
/// song in another storefront.
public struct AppleMusicClient: Catalog {
    public let service = MusicService.appleMusic
    let baseURL: String
    let tokens: AppleMusicTokenProvider
    let http: ServiceHTTPClient
    /// Search pages to follow at most (25 songs each).
    let maximumSearchPages: Int

    public init(
        tokens: AppleMusicTokenProvider, baseURL: String = "https://api.music.apple.com", transport: any HTTPTransport,
        policy: ServicePolicy = ServicePolicy(), clock: any LocalClock, maximumSearchPages: Int = 2,
        logger: Logger = Logger(label: "simulcast.apple-music")
    ) {
        self.baseURL = baseURL
        self.tokens = tokens
        self.maximumSearchPages = max(1, maximumSearchPages)
        self.http = ServiceHTTPClient(service: .appleMusic, transport: transport, pacer: nil, policy: policy, clock: clock, logger: logger)
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        let pageSize = min(max(limit, 1), 25)
        var results: [TrackMetadata] = []
        var path: String? = ServiceURL.pathAndQuery(
            "/v1/catalog/\(storefront.lowercased())/search", query: [("term", term), ("types", "songs"), ("limit", String(pageSize))])
        var pages = 0
        while let next = path, pages < maximumSearchPages, results.count < limit {
            let response: AppleMusicSearchResponse = try await get(next)
            results += response.results.songs?.data.compactMap(\.track) ?? []
            path = response.results.songs?.next
            pages += 1
        }
        return Array(results.prefix(limit))
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        do {
            let response: AppleMusicSongsResponse = try await get("/v1/catalog/\(storefront.lowercased())/songs/\(Self.escape(id))")
            return response.data.first?.track
        } catch CatalogServiceError.notFound {
            return nil
        }
    }

    /// Every song with this ISRC in the storefront.
    public func songs(isrc: String, storefront: String) async throws -> [TrackMetadata] {
        let path = ServiceURL.pathAndQuery("/v1/catalog/\(storefront.lowercased())/songs", query: [("filter[isrc]", isrc)])
        let response: AppleMusicSongsResponse = try await get(path)
        return response.data.compactMap(\.track)
    }

    /// The song in `storefront` that is the same as `id` from another storefront.
    public func equivalent(of id: String, storefront: String) async throws -> TrackMetadata? {
        let path = ServiceURL.pathAndQuery("/v1/catalog/\(storefront.lowercased())/songs", query: [("filter[equivalents]", id)])
        let response: AppleMusicSongsResponse = try await get(path)
        return response.data.first?.track
    }

    /// The tracks of the first album the catalog's search finds for "artist album".
    public func albumTracks(artist: String, album: String, storefront: String) async throws -> [TrackMetadata] {
        let search = ServiceURL.pathAndQuery(
            "/v1/catalog/\(storefront.lowercased())/search", query: [("term", "\(artist) \(album)"), ("types", "albums"), ("limit", "5")])
        let found: AppleMusicAlbumSearchResponse = try await get(search)
        guard let id = found.results.albums?.data.first?.id else { return [] }
        let tracks: AppleMusicSongsResponse = try await get("/v1/catalog/\(storefront.lowercased())/albums/\(Self.escape(id))/tracks")
        return tracks.data.compactMap(\.track)
    }

    private func get<T: Decodable>(_ pathAndQuery: String) async throws -> T {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        let token = try await tokens.token()
        let response = try await http.send(TransportRequest(url: base + pathAndQuery, headers: [("Authorization", "Bearer \(token)")]))
        if response.status == 401 { await tokens.invalidate() }
        try http.check(response)
        return try http.decode(T.self, from: response)
    }

    static func escape(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? segment
    }
}
