import SimulcastCore
import Testing

@testable import Rooms

/// Each node's share of a room's presence, merged: counts add up, the earliest 50 names are
/// kept in one order whichever node merges, and a room of 20,000 costs 50 rows, not 20,000.
@Suite struct PresenceMergeTests {
    static let t0 = ServerTime(micros: 1_800_000_000_000_000)
    static let room = RoomState(seq: 1, track: nil, anchor: PlaybackAnchor(positionMs: 0, at: t0), playing: false, hostConnected: true)

    static func members(_ count: Int, service: MusicService, startingAt offset: Int64) -> [NodePresence.Member] {
        (0..<count).map {
            NodePresence.Member(
                listenerId: "\(service.rawValue)-\($0)", name: "\(service.rawValue) \($0)", service: service, storefront: "us", facts: nil,
                joinedAt: t0.advanced(by: offset + Int64($0) * 1_000),
                connection: $0 + 1)
        }
    }

    @Test func sharesMergeTheSameWayOnEveryNode() {
        let a = NodePresence(members: Self.members(30, service: .appleMusic, startingAt: 0), room: Self.room, node: "a")
        let b = NodePresence(members: Self.members(40, service: .spotify, startingAt: 500), room: Self.room, node: "b")
        let merged = NodePresence.merge([a, b], hostConnected: true)
        #expect(merged == NodePresence.merge([b, a], hostConnected: true))
        #expect(merged.count == 70)
        #expect(merged.services == ["apple-music": 30, "spotify": 40])
        #expect(merged.statuses == ["idle": 70])
        #expect(merged.listeners.count == RoomPresence.maximumNames)
        // Interleaved by join time: a0 (0 ms), b0 (0.5 ms), a1 (1 ms), ...
        #expect(merged.listeners.prefix(3).map(\.name) == ["apple-music 0", "spotify 0", "apple-music 1"])
    }

    @Test func aLargeRoomKeepsOnlyTheFirstNames() {
        let share = NodePresence(members: Self.members(20_000, service: .deezer, startingAt: 0), room: Self.room, node: "a")
        #expect(share.count == 20_000)
        #expect(share.first.count == RoomPresence.maximumNames)
        #expect(share.first.first?.name == "deezer 0")
        let merged = NodePresence.merge([share, .none], hostConnected: false)
        #expect(merged.count == 20_000 && merged.listeners.count == 50 && !merged.hostConnected)
    }
}
