/// Listeners without the host token suggesting another version of the room's song on their
/// service: shown to the host (in `room.state`) with how many distinct listeners asked,
/// applied to the room only when the host takes it (a correction with the host token).
public struct MatchSuggestion: Hashable, Codable, Sendable {
    /// The room's song the suggestion is for.
    public var sourceId: String
    public var service: MusicService
    public var storefront: String
    /// The version suggested: one the matcher's lookups found for that song.
    public var target: TrackMetadata
    /// Distinct listeners (client networks) behind it, on the node that counted them.
    public var listeners: Int

    public init(sourceId: String, service: MusicService, storefront: String, target: TrackMetadata, listeners: Int) {
        self.sourceId = sourceId
        self.service = service
        self.storefront = storefront
        self.target = target
        self.listeners = listeners
    }
}
