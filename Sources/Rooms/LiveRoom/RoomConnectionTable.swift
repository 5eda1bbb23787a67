import SimulcastCore

/// The connections a room holds on this node, with what a join checks kept as they come and
/// go (the count and the names in use: a join costs O(1), not a pass over every listener),
/// and the views of them the presence and the room's summary read.
struct RoomConnectionTable {
    private var byId: [Int: LiveRoom.Connection] = [:]
    /// Listeners connected to this node.
    private(set) var listenerCount = 0
    /// How many listeners go by each name, folded (`DisplayName.folded`).
    private var names: [String: Int] = [:]
    /// Moves on with whatever presence could show differently: a join, a leave, a listener's
    /// new name, service, Spotify listing or report facts (`PresenceStatus.ReportFacts`). A
    /// report that only moves the position leaves it, so a steady room's presence tick has
    /// nothing to redo.
    private(set) var presenceVersion = 0

    subscript(id: Int) -> LiveRoom.Connection? {
        get { byId[id] }
        set {
            // Only an update of a connection here: joining and leaving go through add and remove.
            guard let newValue, let old = byId[id], newValue.id == id else { return }
            if !Self.presenceShowsAlike(old, newValue) { presenceVersion += 1 }
            if old.role != newValue.role || old.name != newValue.name {
                unindex(old)
                index(newValue)
            }
            byId[id] = newValue
        }
    }

    var isEmpty: Bool { byId.isEmpty }
    var count: Int { byId.count }
    var all: Dictionary<Int, LiveRoom.Connection>.Values { byId.values }
    var sockets: [any RoomPeer] { byId.values.map(\.socket) }

    mutating func add(_ connection: LiveRoom.Connection) {
        byId[connection.id] = connection
        index(connection)
        presenceVersion += 1
    }

    mutating func remove(_ id: Int) -> LiveRoom.Connection? {
        guard let connection = byId.removeValue(forKey: id) else { return nil }
        unindex(connection)
        presenceVersion += 1
        return connection
    }

    /// Whether presence would show the two versions of a connection the same way.
    private static func presenceShowsAlike(_ old: LiveRoom.Connection, _ new: LiveRoom.Connection) -> Bool {
        old.role == new.role && old.name == new.name && old.service == new.service && old.storefront == new.storefront
            && old.spotifyListed == new.spotifyListed && old.joinedAt == new.joinedAt && old.listenerId == new.listenerId
            && old.lastReport.map(PresenceStatus.ReportFacts.init) == new.lastReport.map(PresenceStatus.ReportFacts.init)
    }

    private mutating func index(_ connection: LiveRoom.Connection) {
        guard connection.role == .listener else { return }
        listenerCount += 1
        names[DisplayName.folded(connection.name), default: 0] += 1
    }

    private mutating func unindex(_ connection: LiveRoom.Connection) {
        guard connection.role == .listener else { return }
        listenerCount -= 1
        let name = DisplayName.folded(connection.name)
        if let count = names[name], count > 1 { names[name] = count - 1 } else { names[name] = nil }
    }

    /// This node's listener with `listenerId`, if it is connected here. A pass over the room:
    /// only a host's offer asks, and an index would cost every connection its memory.
    func listener(_ listenerId: String) -> LiveRoom.Connection? {
        byId.values.first { $0.role == .listener && $0.listenerId == listenerId }
    }

    /// Whether a listener here goes by `folded` (a name as `DisplayName.folded` folds it).
    func hasName(_ folded: String) -> Bool { names[folded] != nil }

    /// This node's listeners, for presence.
    var presenceMembers: [NodePresence.Member] {
        byId.values.compactMap { connection in
            guard connection.role == .listener, let service = connection.service else { return nil }
            return NodePresence.Member(
                listenerId: connection.listenerId, name: connection.name, service: service, storefront: connection.storefront,
                facts: connection.lastReport.map(PresenceStatus.ReportFacts.init),
                spotifyListed: connection.spotifyListed, joinedAt: connection.joinedAt,
                connection: connection.id)
        }
    }

    /// This node's listeners as the room's summary lists them, in joining order. A listener
    /// always said its service (`WireLimits` refuses a hello without one).
    var summaryListeners: [RoomSummary.Listener] {
        byId.values.filter { $0.role == .listener }.sorted { $0.id < $1.id }.compactMap { connection in
            connection.service.map {
                RoomSummary.Listener(
                    connectionId: connection.wireId, service: $0, storefront: connection.storefront, trackId: connection.lastReport?.trackId,
                    syncErrorMs: connection.lastReport?.syncErrorMs, outputLatencyMs: connection.lastReport?.outputLatencyMs)
            }
        }
    }
}
