import SimulcastCore

/// One node's share of a room's presence: counts of the listeners connected to it and its
/// first `RoomPresence.maximumNames` by join time. Each node publishes its own (the store keeps
/// one row per room and node), and every node merges the same rows into the same answer.
public struct NodePresence: Codable, Hashable, Sendable {
    public struct Entry: Codable, Hashable, Sendable {
        /// The connection's `ListenerId`.
        var id: String
        var name: String
        var service: MusicService
        var status: PresenceStatus
        var spotifyListed: Bool?
        /// Server time of the join, for one order across nodes.
        var joinedAt: Int64
        /// Node and connection: ties broken the same way everywhere.
        var key: String
    }

    /// One connected listener, as the room sees it.
    package struct Member: Sendable {
        var listenerId: String
        var name: String
        var service: MusicService
        var storefront: String
        var facts: PresenceStatus.ReportFacts?
        var spotifyListed: Bool?
        var joinedAt: ServerTime
        var connection: Int
    }

    public var count: Int
    var services: [String: Int]
    var statuses: [String: Int]
    var first: [Entry]

    public static let none = NodePresence(count: 0, services: [:], statuses: [:], first: [])

    /// This node's listeners in `room`: one pass, O(listeners), and at most the first names kept.
    package init(members: [Member], room: RoomState, node: String) {
        var services: [String: Int] = [:]
        var statuses: [String: Int] = [:]
        var entries: [Entry] = []
        entries.reserveCapacity(min(members.count, RoomPresence.maximumNames))
        for member in members.sorted(by: { ($0.joinedAt, $0.connection) < ($1.joinedAt, $1.connection) }) {
            let status = PresenceStatus.of(room: room, service: member.service, storefront: member.storefront, facts: member.facts)
            services[member.service.rawValue, default: 0] += 1
            statuses[status.rawValue, default: 0] += 1
            if entries.count < RoomPresence.maximumNames {
                entries.append(
                    Entry(
                        id: member.listenerId, name: member.name, service: member.service, status: status, spotifyListed: member.spotifyListed,
                        joinedAt: member.joinedAt.micros,
                        key: "\(node)/\(member.connection)"))
            }
        }
        self.init(count: members.count, services: services, statuses: statuses, first: entries)
    }

    init(count: Int, services: [String: Int], statuses: [String: Int], first: [Entry]) {
        self.count = count
        self.services = services
        self.statuses = statuses
        self.first = first
    }

    /// Every node's share as one presence: counts added, the earliest names kept.
    package static func merge(_ shares: [NodePresence], hostConnected: Bool) -> RoomPresence {
        var services: [String: Int] = [:]
        var statuses: [String: Int] = [:]
        for share in shares {
            services.merge(share.services, uniquingKeysWith: +)
            statuses.merge(share.statuses, uniquingKeysWith: +)
        }
        let first = shares.flatMap(\.first).sorted { ($0.joinedAt, $0.key) < ($1.joinedAt, $1.key) }.prefix(RoomPresence.maximumNames)
        return RoomPresence(
            count: shares.reduce(0) { $0 + $1.count }, services: services, statuses: statuses,
            listeners: first.map { RoomPresence.Listener(id: $0.id, name: $0.name, service: $0.service, status: $0.status, spotifyListed: $0.spotifyListed) },
            hostConnected: hostConnected)
    }
}
