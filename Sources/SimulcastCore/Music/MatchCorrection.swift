/// `POST /v1/matches/corrections`: a participant says which track is right for a source track
/// on their service. It fixes their room at once; it becomes every room's answer only from an
/// operator or from hosts of independent rooms (`CorrectionPromotion`).
public struct MatchCorrection: Codable, Hashable, Sendable {
    /// A room that is playing (or has queued) the source track: corrections come from participants.
    public var room: String
    public var sourceService: MusicService
    public var sourceId: String
    public var targetService: MusicService
    public var storefront: String
    /// The right track's id on the target service.
    public var targetId: String

    public init(room: String, sourceService: MusicService, sourceId: String, targetService: MusicService, storefront: String, targetId: String) {
        self.room = room
        self.sourceService = sourceService
        self.sourceId = sourceId
        self.targetService = targetService
        self.storefront = storefront
        self.targetId = targetId
    }
}
