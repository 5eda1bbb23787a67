/// `GET /v1/rooms/{code}`: the room's state and who is in it.
public struct RoomSummary: Codable, Hashable, Sendable {
    public struct Listener: Codable, Hashable, Sendable {
        public var connectionId: String
        public var service: MusicService
        public var storefront: String
        public var trackId: String?
        /// At the ear: the listener's player is aimed `outputLatencyMs` ahead (absent: zero).
        public var syncErrorMs: Double?
        public var outputLatencyMs: Double?

        public init(
            connectionId: String, service: MusicService, storefront: String, trackId: String?, syncErrorMs: Double?, outputLatencyMs: Double? = nil
        ) {
            self.connectionId = connectionId
            self.service = service
            self.storefront = storefront
            self.trackId = trackId
            self.syncErrorMs = syncErrorMs
            self.outputLatencyMs = outputLatencyMs
        }
    }

    /// A reaction of the last few seconds, with when this node passed it on.
    public struct RecentReaction: Codable, Hashable, Sendable {
        public var reaction: Reaction
        public var from: String
        /// true from the host (as `Wire.RoomReaction`); absent from a listener.
        public var fromHost: Bool?
        public var at: ServerTime

        public init(reaction: Reaction, from: String, fromHost: Bool = false, at: ServerTime) {
            self.reaction = reaction
            self.from = from
            self.fromHost = fromHost ? true : nil
            self.at = at
        }
    }

    public var code: String
    public var createdAt: ServerTime
    public var serverTime: ServerTime
    public var state: RoomState
    /// This node's listener connections (ids are this node's).
    public var listeners: [Listener]
    /// Who listens on every node: the same answer from each node.
    public var presence: RoomPresence?
    /// Reactions of the last few seconds (for a page without a connection: the host's); kept
    /// in memory only, never stored.
    public var reactions: [RecentReaction]?

    public init(code: String, createdAt: ServerTime, serverTime: ServerTime, state: RoomState, listeners: [Listener]) {
        self.code = code
        self.createdAt = createdAt
        self.serverTime = serverTime
        self.state = state
        self.listeners = listeners
    }
}
