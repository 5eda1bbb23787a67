import SimulcastCore

/// The body of `POST /v1/matches/corrections`.
struct CorrectionRequest: Decodable {
    var room: String
    var sourceService: MusicService
    var sourceId: String
    var targetService: MusicService
    var storefront: String
    var targetId: String
    /// An operator's correction for every room (needs the admin token).
    var global: Bool?

    var correction: MatchCorrection {
        MatchCorrection(room: room, sourceService: sourceService, sourceId: sourceId, targetService: targetService, storefront: storefront, targetId: targetId)
    }
}
