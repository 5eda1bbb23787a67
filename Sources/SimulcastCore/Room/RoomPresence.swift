/// Who is listening in a room, across every node: the payload of `room.presence` and the
/// `presence` of `GET /v1/rooms/{code}`. Bounded whatever the room's size: counts, and the
/// first `maximumNames` listeners by when they joined.
public struct RoomPresence: Hashable, Codable, Sendable {
    public struct Listener: Hashable, Codable, Sendable {
        /// The connection's `ListenerId`: what the host offers the room to.
        public var id: String
        public var name: String
        public var service: MusicService
        public var status: PresenceStatus
        /// Whether Spotify admits this listener's account to the server's app, once their
        /// page has asked (`listener.spotify-access`); absent before, and for other services.
        public var spotifyListed: Bool?

        public init(id: String, name: String, service: MusicService, status: PresenceStatus, spotifyListed: Bool? = nil) {
            self.id = id
            self.name = name
            self.service = service
            self.status = status
            self.spotifyListed = spotifyListed
        }
    }

    public static let maximumNames = 50
    /// The most one `room.presence` may weigh, encoded. Names are bounded in bytes
    /// (`DisplayName`), so 50 of the largest fit with room to spare; the budget is what holds
    /// if a rule is ever loosened.
    public static let budgetBytes = 16 * 1024

    /// Listeners connected, on every node.
    public var count: Int
    /// How many on each service (raw values as keys).
    public var services: [String: Int]
    /// How many in each `PresenceStatus` (raw values as keys).
    public var statuses: [String: Int]
    /// The first `maximumNames` by join time; `count` says how many more there are.
    public var listeners: [Listener]
    public var hostConnected: Bool

    public init(count: Int, services: [String: Int], statuses: [String: Int], listeners: [Listener], hostConnected: Bool) {
        self.count = count
        self.services = services
        self.statuses = statuses
        self.listeners = listeners
        self.hostConnected = hostConnected
    }

    /// This presence with as many of its first listeners as fit in `budget` bytes, as
    /// `encodedSize` measures it (the counts stay whole).
    public func within(budget: Int = budgetBytes, encodedSize: (RoomPresence) -> Int) -> RoomPresence {
        var fitting = self
        while !fitting.listeners.isEmpty, encodedSize(fitting) > budget {
            fitting.listeners.removeLast(max(1, fitting.listeners.count / 4))
        }
        return fitting
    }

    public static let empty = RoomPresence(count: 0, services: [:], statuses: [:], listeners: [], hostConnected: false)
}
