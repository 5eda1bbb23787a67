import OpenAPIRuntime
import Rooms
import SimulcastCore

/// The room's history: what played, when, who asked for it, and each listener's own link.
extension RESTController {
    func getHistory(_ input: Operations.GetHistory.Input) async throws -> Operations.GetHistory.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        let service = input.query.service.map(MusicService.init(rawValue:))
        let storefront = input.query.storefront.flatMap(Storefront.normalise) ?? "us"
        let songs = try await room.history().map { entry in
            let yours = service.flatMap { entry.track(on: $0, storefront: storefront) }
            return Components.Schemas.HistorySong(
                startedAt: entry.startedAt.micros, service: entry.source.service.rawValue, id: entry.source.id, title: entry.source.title,
                artists: entry.source.artists, album: entry.source.album, artworkURL: entry.source.artworkURL,
                link: TrackLink.url(for: entry.source, storefront: storefront), requestedBy: entry.requestedBy,
                yours: yours.map { .init(id: $0.id, title: $0.title, artists: $0.artists, link: TrackLink.url(for: $0, storefront: storefront)) })
        }
        return .ok(.init(body: .json(.init(songs: songs))))
    }
}
