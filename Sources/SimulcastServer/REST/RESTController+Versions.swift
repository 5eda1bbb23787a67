import HTTPTypes
import OpenAPIRuntime
import Rooms
import SimulcastCore
import TrackMatching

/// "Other versions": the candidates for the room's song on a listener's service, judged.
extension RESTController {
    func getVersions(_ input: Operations.GetVersions.Input) async throws -> Operations.GetVersions.Output {
        let room = try await lookup.room(input.path.code, for: request.client)
        guard let service = input.query.service.map(MusicService.init(rawValue:)) else {
            throw APIError(.unprocessableContent, code: .noCatalog, message: "name the listener's service (?service=apple-music, spotify or deezer)")
        }
        guard let asked = input.query.storefront, let storefront = Storefront.normalise(asked, for: service) else {
            throw APIError(.unprocessableContent, code: .invalidStorefront, message: "name the listener's storefront (?storefront=us, a country code)")
        }
        guard let track = await room.currentState().track else {
            return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(.init(versions: []))))
        }
        let client = request.client
        guard limiters.versionLookups.take(client.ip) else {
            metrics.limitHit(.versionLookups)
            throw APIError.rateLimited("too many version lookups from your address", retryAfter: limiters.versionLookups.retryAfterSeconds(client.ip))
        }
        let assessments: [CandidateAssessment]?
        do {
            assessments = try await hub.versions(of: track.source, on: service, storefront: storefront)
        } catch {
            throw APIError(.badGateway, code: .catalogUnavailable, message: "\(service.displayName) could not be searched just now; try again")
        }
        guard let assessments else {
            throw APIError(.unprocessableContent, code: .noCatalog, message: "this server cannot search \(service.displayName)")
        }
        let chosen = track.match(for: service, storefront: storefront)?.track?.id
        let versions = assessments.prefix(10).map { judged in
            let candidate = judged.candidate
            return Components.Schemas.Version(
                id: candidate.id, title: candidate.title, artists: candidate.artists, album: candidate.album, durationMs: candidate.durationMs,
                explicit: candidate.explicit, link: TrackLink.url(for: candidate, storefront: storefront), accepted: judged.accepted,
                chosen: candidate.id == chosen, why: Array((judged.rejection.map { [$0] } ?? judged.notes).prefix(6)))
        }
        return .ok(.init(headers: .init(cacheControl: .noStore), body: .json(.init(sourceId: track.source.id, versions: versions))))
    }
}
