import CatalogCore
import Foundation
import Logging
import ServiceHTTP
import SimulcastCore

/// The Deezer public API (no key): track by ISRC, search with `artist:"…" track:"…"`,
/// track by id. Errors arrive as HTTP 200 with an `error` object: QUOTA (code 4) waits and
/// retries, DATA_NOT_FOUND (800) means "no such track". Paced to 50 requests per 5 s.
public struct DeezerClient: Catalog {
    public let service = MusicService.deezer
    let baseURL: String
    let http: ServiceHTTPClient
    let pacer: RequestPacer
    let clock: any LocalClock

    public init(
        baseURL: String = "https://api.deezer.com", transport: any HTTPTransport, policy: ServicePolicy = ServicePolicy(),
        clock: any LocalClock, logger: Logger = Logger(label: "simulcast.deezer")
    ) {
        self.baseURL = baseURL
        self.clock = clock
        self.pacer = .deezer(clock: clock)
        self.http = ServiceHTTPClient(service: .deezer, transport: transport, pacer: pacer, policy: policy, clock: clock, logger: logger)
    }

    public func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        try await searchTracks(query: term, storefront: storefront, limit: limit)
    }

    /// The advanced search: `artist:"…" track:"…"`.
    public func search(artist: String, title: String, storefront: String, limit: Int = 25) async throws -> [TrackMetadata] {
        try await searchTracks(query: "artist:\"\(Self.quoteless(artist))\" track:\"\(Self.quoteless(title))\"", storefront: storefront, limit: limit)
    }

    public func track(id: String, storefront: String) async throws -> TrackMetadata? {
        guard let object: DeezerTrackObject = try await get("/track/\(FormEncoding.escape(id))", query: []) else { return nil }
        return object.track(in: storefront)
    }

    public func track(isrc: String, storefront: String) async throws -> TrackMetadata? {
        guard let object: DeezerTrackObject = try await get("/track/isrc:\(FormEncoding.escape(isrc))", query: []) else { return nil }
        return object.track(in: storefront)
    }

    /// The tracks of the first album `/search/album` finds for this artist and album.
    public func albumTracks(artist: String, album: String, storefront: String) async throws -> [TrackMetadata] {
        let query = "artist:\"\(Self.quoteless(artist))\" album:\"\(Self.quoteless(album))\""
        guard let albums: DeezerAlbumSearchResponse = try await get("/search/album", query: [("q", query), ("limit", "5")]), let first = albums.data.first
        else { return [] }
        guard let tracks: DeezerSearchResponse = try await get("/album/\(first.id)/tracks", query: [("limit", "200")]) else { return [] }
        // The album's track list leaves out the album itself.
        return tracks.data.compactMap { object in
            guard var track = object.track(in: storefront) else { return nil }
            if track.album == nil { track.album = first.title }
            return track
        }
    }

    private func searchTracks(query: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
        guard let response: DeezerSearchResponse = try await get("/search", query: [("q", query), ("limit", String(min(max(limit, 1), 100)))]) else {
            return []
        }
        return response.data.compactMap { $0.track(in: storefront) }
    }

    /// Nil for DATA_NOT_FOUND; QUOTA waits five seconds and tries again (three times).
    private func get<T: Decodable>(_ path: String, query: [(String, String)]) async throws -> T? {
        let url = try ServiceURL.make(baseURL, path: path, query: query)
        for attempt in 1...3 {
            let response = try await http.send(TransportRequest(url: url))
            try http.check(response)
            if let envelope = try? JSONDecoder().decode(DeezerErrorEnvelope.self, from: response.body) {
                switch envelope.error.code {
                case 800: return nil
                case 4:
                    let until = clock.now().advanced(by: .seconds(5))
                    await pacer.holdOff(until: until)
                    if attempt == 3 { throw CatalogServiceError.rateLimited(.deezer, retryAfterSeconds: 5) }
                    continue
                default:
                    throw CatalogServiceError.serviceError(.deezer, code: envelope.error.code ?? -1, type: envelope.error.type ?? "unknown")
                }
            }
            return try http.decode(T.self, from: response)
        }
        throw CatalogServiceError.rateLimited(.deezer, retryAfterSeconds: 5)
    }

    static func quoteless(_ text: String) -> String { text.replacingOccurrences(of: "\"", with: " ") }
}
