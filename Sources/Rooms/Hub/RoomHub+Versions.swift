import SimulcastCore
import TrackMatching

extension RoomHub {
    /// The versions of a room's song on a listener's service (`MatchResolver.versions`).
    package func versions(of source: TrackMetadata, on service: MusicService, storefront: String) async throws -> [CandidateAssessment]? {
        try await matches.versions(of: source, on: service, storefront: storefront)
    }
}
