import Foundation
import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// The one room connection over a faked transport: what it sends first, when it gives up,
/// and where it reconnects.
struct RoomConnectionTests {
    let codec = WireCodec()
    let hello = Wire.Hello(role: .listener, room: "ABCDEFGHJK", service: .spotify, storefront: "us", client: "tests")

    func welcome() -> String {
        codec.text(.welcome(Wire.Welcome(role: .listener, room: hello.room, connectionId: "c1", serverTime: ServerTime(micros: 1_000))))
    }

    func refusal(_ code: Wire.ErrorCode) -> String { codec.text(.error(Wire.Error(code: code, message: "no"))) }

    @Test func theHelloGoesFirstAndAFinalRefusalEndsTheRun() async throws {
        let transport = ScriptedRoomTransport([.open(frames: [welcome(), refusal(.roomNotFound)], closeReason: nil)])
        let connection = RoomConnection(serverURL: "http://a.example", hello: hello, clock: ManualClock(), seed: 1, transport: transport)
        let events = EventLog()
        let thrown = await #expect(throws: RoomRefusal.self) { try await connection.run { events.append($0) } }
        #expect(thrown?.code == .roomNotFound)
        #expect(transport.urls == ["ws://a.example/v1/rooms/ABCDEFGHJK/ws"])
        let first = try #require(transport.written.first?.first)
        #expect(try codec.decode(first) == .hello(hello))
        #expect(events.names == ["joined", "serverError"])
    }

    @Test(arguments: Wire.ErrorCode.allCases)
    func onlyTheFinalRefusalsStopReconnecting(code: Wire.ErrorCode) async throws {
        let clock = ManualClock()
        let transport = ScriptedRoomTransport([
            .open(frames: [refusal(code)], closeReason: "closed"), .open(frames: [refusal(.roomNotFound)], closeReason: nil),
        ])
        let connection = RoomConnection(serverURL: "http://a.example", hello: hello, clock: clock, seed: 1, transport: transport)
        let run = Task { try await connection.run { _ in } }
        // A connection that is not refused for good waits out its backoff, then connects again.
        while transport.urls.count < (code.isFinal ? 1 : 2) {
            _ = await clock.waitForSleepers(atLeast: 1, timeout: .milliseconds(50))
            clock.advance(byMs: 500)
        }
        let thrown = await #expect(throws: RoomRefusal.self) { try await run.value }
        #expect(transport.urls.count == (code.isFinal ? 1 : 2))
        #expect(thrown?.code == (code.isFinal ? code : .roomNotFound))
    }

    @Test func aClosedConnectionReconnectsToTheNextServerAndSaysHelloAgain() async throws {
        let clock = ManualClock()
        let transport = ScriptedRoomTransport([
            .open(frames: [welcome()], closeReason: "closed by the room (1001 going away)"),
            .unreachable,
            .open(frames: [refusal(.roomNotFound)], closeReason: nil),
        ])
        let connection = RoomConnection(serverURL: "http://a.example, https://b.example/", hello: hello, clock: clock, seed: 7, transport: transport)
        let events = EventLog()
        let run = Task { try await connection.run { events.append($0) } }
        while transport.urls.count < 3 {
            _ = await clock.waitForSleepers(atLeast: 1, timeout: .milliseconds(50))
            clock.advance(byMs: 500)
        }
        await #expect(throws: RoomRefusal.self) { try await run.value }
        #expect(transport.urls == ["ws://a.example/v1/rooms/ABCDEFGHJK/ws", "wss://b.example/v1/rooms/ABCDEFGHJK/ws", "ws://a.example/v1/rooms/ABCDEFGHJK/ws"])
        for written in transport.written {
            #expect(try written.first.map(codec.decode) == .hello(hello))
        }
        #expect(events.disconnectReasons.first == "closed by the room (1001 going away)")
        #expect(events.disconnectReasons.dropFirst().first?.hasPrefix("cannot reach the server") == true)
    }
}
