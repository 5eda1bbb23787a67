import Foundation
import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore

/// The room's history, a page at a time: what played, when, and each listener's own link; who
/// asked for a song only for the room's host.
extension RESTController {
    /// Songs a page holds at most, and what it may weigh encoded.
    static let historyPageSongs = 100
    static let historyPageBytes = 200 * 1024

    func getHistory(_ input: Operations.GetHistory.Input) async throws -> Operations.GetHistory.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        let client = request.client
        guard limiters.historyReads.take(client.ip) else {
            metrics.limitHit(.historyReads)
            throw APIError.rateLimited("too many history reads from your address", retryAfter: limiters.historyReads.retryAfterSeconds(client.ip))
        }
        var forHost = false
        if let token = request.bearer { forHost = await room.verifyHost(token: token) }
        let service = input.query.service.map(MusicService.init(rawValue:))
        let storefront = input.query.storefront.flatMap(Storefront.normalise) ?? "us"
        if let before = input.query.before, before < 1 {
            throw RESTErrorMiddleware.malformedHistory
        }
        let before = input.query.before.map { Int($0) }
        let rows = try await room.history(before: before, limit: Self.historyPageSongs + 1)
        // Newest first, as long as the page stays within its size; then oldest first to read.
        let encoder = JSONEncoder()
        var page: [Components.Schemas.HistorySong] = []
        var bytes = 64
        var earlier: Int64?
        for (index, row) in rows.enumerated() {
            let song = Self.historySong(row.entry, service: service, storefront: storefront, forHost: forHost)
            let size = ((try? encoder.encode(song).count) ?? Self.historyPageBytes) + 1
            guard index < Self.historyPageSongs, bytes + size <= Self.historyPageBytes else {
                earlier = Int64(rows[index - 1].position)
                break
            }
            page.append(song)
            bytes += size
        }
        return .ok(.init(body: .json(.init(songs: page.reversed(), earlier: earlier))))
    }

    private static func historySong(_ entry: RoomHistoryEntry, service: MusicService?, storefront: String, forHost: Bool) -> Components.Schemas.HistorySong {
        let yours = service.flatMap { entry.track(on: $0, storefront: storefront) }
        return Components.Schemas.HistorySong(
            startedAt: entry.startedAt.micros, service: entry.source.service.rawValue, id: entry.source.id, title: entry.source.title,
            artists: entry.source.artists, album: entry.source.album, artworkURL: entry.source.artworkURL,
            link: TrackLink.url(for: entry.source, storefront: storefront), requestedBy: forHost ? entry.requestedBy : nil,
            yours: yours.map { .init(id: $0.id, title: $0.title, artists: $0.artists, link: TrackLink.url(for: $0, storefront: storefront)) })
    }
}
