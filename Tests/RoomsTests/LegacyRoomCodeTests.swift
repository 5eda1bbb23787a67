import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing

@testable import Rooms

/// Issue 22, fifth defect, second half: six-character codes of earlier rooms (31^6 codes) fall
/// to a thousand addresses in days even at the REST pace. They are retired on a stated day;
/// until then everyone who joins such a room is told.
@Suite struct LegacyRoomCodeTests {
    func join(_ code: String, retiring: ServerTime) async throws -> [WireMessage] {
        let store = InMemoryRoomStore(clock: SystemClock())
        try await store.createRoom(StoredRoom(code: "ABC234", hostTokenHash: HostToken.hash("secret"), createdAt: 5, state: .empty(at: 5)))
        var limits = ServerLimits()
        limits.legacyRoomCodesUntil = retiring
        let hub = RoomHub(
            store: store, matchmaker: TestRooms.matchmaker, clock: SystemClock(), metrics: ServerMetrics(), logger: TestRooms.quietLogger, limits: limits)
        let received = Mutex<[WireMessage]>([])
        let codec = WireCodec()
        let listener = InProcessRoomConnection(
            hub: hub, code: code, deliver: { text in if let message = try? codec.decode(text) { received.withLock { $0.append(message) } } },
            closed: { _, _ in })
        await listener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: code, service: .appleMusic, storefront: "us"))))
        return received.withLock { $0 }
    }

    @Test func beforeTheDayEveryoneWhoJoinsIsTold() async throws {
        let messages = try await join("ABC234", retiring: SystemClock().serverClockNow().advanced(by: .seconds(86_400)))
        guard case .welcome(let welcome)? = messages.first else { Issue.record("no welcome: \(messages)"); return }
        #expect(welcome.notice?.contains("stops working on") == true, "\(welcome)")
    }

    @Test func afterTheDayTheCodeFindsNoRoomAndSaysWhy() async throws {
        let messages = try await join("ABC234", retiring: SystemClock().serverClockNow().advanced(by: .seconds(-1)))
        guard case .error(let error)? = messages.first else { Issue.record("no error: \(messages)"); return }
        #expect(error.code == .roomNotFound)
        #expect(error.message.contains("six-character room codes were retired"), "\(error.message)")
    }
}
