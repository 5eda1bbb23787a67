import SimulcastCore
import Testing

@testable import Rooms

/// The table keeps what a join asks (names in use, listener ids, the count) as connections come,
/// change and go, so a join in a room of thousands costs O(1); these rows check the kept
/// answers against the connections themselves.
@Suite struct RoomConnectionTableTests {
    final class SilentPeer: RoomPeer {
        let address = ClientAddress(ip: "127.0.0.1", scheme: "http")
        func send(control message: WireMessage) {}
        func send(controlText text: String) {}
        func send(state text: String) {}
        func close(code: UInt16, reason: String) {}
    }

    static func connection(_ id: Int, _ role: ParticipantRole, name: String) -> LiveRoom.Connection {
        LiveRoom.Connection(
            id: id, listenerId: "l\(id)", role: role, service: .appleMusic, storefront: "us", socket: SilentPeer(), lastReport: nil, name: name,
            joinedAt: ServerTime(micros: 0), reactions: TokenBucket(rate: .unlimited, now: LocalTime(micros: 0)))
    }

    @Test func namesAreCountedFoldedAndFreedWhenTheLastOneLeaves() {
        var table = RoomConnectionTable()
        table.add(Self.connection(1, .listener, name: "Zoë"))
        table.add(Self.connection(2, .listener, name: "ZOE"))
        table.add(Self.connection(3, .host, name: "Host"))
        #expect(table.listenerCount == 2)
        #expect(table.hasName(DisplayName.folded("zoe")))
        #expect(!table.hasName(DisplayName.folded("host")), "the host's name is not a listener's")
        _ = table.remove(1)
        #expect(table.hasName(DisplayName.folded("zoe")), "one Zoe is still here")
        _ = table.remove(2)
        #expect(!table.hasName(DisplayName.folded("zoe")))
        #expect(table.listenerCount == 0)
        #expect(table.remove(2) == nil, "a second leave changes nothing")
        #expect(table.listenerCount == 0)
    }

    @Test func anUpdateThatRenamesMovesTheNameAndKeepsTheCount() {
        var table = RoomConnectionTable()
        table.add(Self.connection(1, .listener, name: "Ada"))
        var renamed = Self.connection(1, .listener, name: "Grace")
        renamed.listenerId = "l1"
        table[1] = renamed
        #expect(!table.hasName(DisplayName.folded("Ada")))
        #expect(table.hasName(DisplayName.folded("Grace")))
        #expect(table.listenerCount == 1)
        #expect(table.listener("l1")?.name == "Grace")
    }

    @Test func listenersAreFoundByTheirIdAndHostsAreNot() {
        var table = RoomConnectionTable()
        table.add(Self.connection(1, .host, name: "Host"))
        table.add(Self.connection(2, .listener, name: "Ada"))
        #expect(table.listener("l2")?.id == 2)
        #expect(table.listener("l1") == nil, "an offer goes to a listener, never the host")
        table[7] = Self.connection(7, .listener, name: "Ghost")
        #expect(table.listener("l7") == nil, "an update of a connection not here adds nothing")
        _ = table.remove(2)
        #expect(table.listener("l2") == nil)
    }

    /// A change to a connection, and whether presence shows it.
    enum Change: CaseIterable {
        case name, spotifyListing, firstReport, storefront, fallbackService, reactionSpent

        var showsInPresence: Bool {
            switch self {
            case .name, .spotifyListing, .firstReport, .storefront: true
            case .fallbackService, .reactionSpent: false
            }
        }

        func apply(to connection: inout LiveRoom.Connection) {
            switch self {
            case .name: connection.name = "Grace"
            case .spotifyListing: connection.spotifyListed = false
            case .firstReport: connection.lastReport = RoomConnectionTableTests.report(positionMs: 0)
            case .storefront: connection.storefront = "gb"
            case .fallbackService: connection.fallback = .youtube
            case .reactionSpent: connection.reactions = TokenBucket(rate: .unlimited, now: LocalTime(micros: 9))
            }
        }
    }

    /// What moves the table's presence version (presence is worked out again) and what does not.
    @Test(arguments: Change.allCases)
    func anUpdateMovesThePresenceVersionOnlyWhenPresenceWouldShowIt(_ change: Change) {
        var table = RoomConnectionTable()
        table.add(Self.connection(1, .listener, name: "Ada"))
        let before = table.presenceVersion
        var updated = Self.connection(1, .listener, name: "Ada")
        change.apply(to: &updated)
        table[1] = updated
        #expect((table.presenceVersion != before) == change.showsInPresence, "\(change)")
    }

    @Test func reportsThatOnlyMoveThePositionLeaveThePresenceVersion() {
        var table = RoomConnectionTable()
        var connection = Self.connection(1, .listener, name: "Ada")
        connection.lastReport = Self.report(positionMs: 0, syncErrorMs: 12)
        table.add(connection)
        let joined = table.presenceVersion
        table[1]?.lastReport = Self.report(positionMs: 1_000, syncErrorMs: -20)
        #expect(table.presenceVersion == joined, "still in sync, further on")
        table[1]?.lastReport = Self.report(positionMs: 2_000, syncErrorMs: 400)
        #expect(table.presenceVersion == joined + 1, "out of sync is shown")
        _ = table.remove(1)
        #expect(table.presenceVersion == joined + 2, "a leave is shown")
    }

    static func report(positionMs: Double, syncErrorMs: Double? = nil) -> Wire.ListenerReport {
        Wire.ListenerReport(
            trackId: "t", playing: true, positionMs: positionMs, measuredAt: ServerTime(micros: Int64(positionMs) * 1_000), syncErrorMs: syncErrorMs, seq: 1)
    }
}
