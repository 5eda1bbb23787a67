import AsyncHTTPClient
import Foundation
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Every kind of bad input gets a clear `error`, the connection is kept or closed cleanly,
/// and other rooms carry on.
@Suite(.serialized) struct BadInputTests {
    let ping = WireCodec().text(.timePing(Wire.TimePing(t0: 1)))

    func withServer(_ body: (Int, CreatedRoom, CreatedRoom) async throws -> Void) async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let api = RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live)
        let roomA = try await api.createRoom()
        let roomB = try await api.createRoom()
        do {
            try await body(port, roomA, roomB)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func errorCodes(_ messages: [WireMessage]) -> [Wire.ErrorCode] {
        messages.compactMap { if case .error(let error) = $0 { error.code } else { nil } }
    }

    func types(_ messages: [WireMessage]) -> [String] { messages.map(\.type) }

    @Test func malformedJSONAndUnknownTypesKeepTheConnection() async throws {
        try await withServer { port, room, _ in
            let outcome = try await RawPeer.exchange(
                port: port, room: room.code,
                frames: [
                    RawPeer.hello(.listener, room: room.code), "{not json", #"{"type":"room.delete","v":1}"#, #"{"type":"time.ping","v":9,"t0":1}"#, ping,
                ],
                replies: [2, 1, 1, 1, 1]
            )
            #expect(types(outcome.messages) == ["welcome", "room.state", "error", "error", "error", "time.pong"])
            #expect(errorCodes(outcome.messages) == [.malformedMessage, .unknownType, .unsupportedVersion])
            #expect(outcome.closeCode == 1000)
        }
    }

    @Test func messagesBeforeHelloAreRefusedButPingsAnswered() async throws {
        try await withServer { port, room, _ in
            let report = try WireCodec().encode(.listenerReport(Wire.ListenerReport(trackId: nil, playing: false, positionMs: 0, measuredAt: 0)))
            let outcome = try await RawPeer.exchange(port: port, room: room.code, frames: [report, ping], replies: [1, 1])
            #expect(errorCodes(outcome.messages) == [.helloRequired])
            #expect(types(outcome.messages) == ["error", "time.pong"])
        }
    }

    // The close code is the server's: the peer reads on until the server closes (beside a CPU
    // hog the peer's own close once won the race, and the code seen was its 1000).
    @Test(.timeLimit(.minutes(1))) func aWrongHostTokenIsRefusedAndClosed() async throws {
        try await withServer { port, room, _ in
            let outcome = try await RawPeer.exchange(
                port: port, room: room.code, frames: [RawPeer.hello(.host, room: room.code, token: "guess")], replies: [1], untilServerCloses: true)
            #expect(errorCodes(outcome.messages) == [.invalidHostToken])
            #expect(outcome.closeCode == 4401)
            if case .error(let error) = outcome.messages.first { #expect(!error.message.contains("guess")) }
            // Another room's token does not open this one either.
        }
    }

    @Test func anotherRoomsTokenDoesNotWork() async throws {
        try await withServer { port, roomA, roomB in
            let outcome = try await RawPeer.exchange(
                port: port, room: roomA.code, frames: [RawPeer.hello(.host, room: roomA.code, token: roomB.hostToken)], replies: [1])
            #expect(errorCodes(outcome.messages) == [.invalidHostToken])
        }
    }

    @Test(.timeLimit(.minutes(1))) func anUnknownRoomIsRefusedAndClosed() async throws {
        try await withServer { port, _, _ in
            let outcome = try await RawPeer.exchange(
                port: port, room: "ZZZZZZ", frames: [RawPeer.hello(.listener, room: "ZZZZZZ")], replies: [1], untilServerCloses: true)
            #expect(errorCodes(outcome.messages) == [.roomNotFound])
            #expect(outcome.closeCode == 4404)
        }
    }

    @Test func aHelloForAnotherRoomIsRefused() async throws {
        try await withServer { port, roomA, roomB in
            let outcome = try await RawPeer.exchange(port: port, room: roomA.code, frames: [RawPeer.hello(.listener, room: roomB.code)], replies: [1])
            #expect(errorCodes(outcome.messages) == [.roomMismatch])
        }
    }

    @Test func aMessageOver64KiBIsRefusedAndTheConnectionKept() async throws {
        try await withServer { port, room, _ in
            let padding = String(repeating: "x", count: 70 * 1024)
            let huge = #"{"type":"time.ping","v":1,"t0":1,"pad":"\#(padding)"}"#
            let outcome = try await RawPeer.exchange(
                port: port, room: room.code, frames: [RawPeer.hello(.listener, room: room.code), huge, ping], replies: [2, 1, 1])
            #expect(errorCodes(outcome.messages) == [.messageTooLarge])
            #expect(types(outcome.messages).last == "time.pong")
        }
    }

    @Test func aListenerCannotPublishHostState() async throws {
        try await withServer { port, room, _ in
            let snapshot = try WireCodec().encode(
                .hostState(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: .init(positionMs: 0, at: SystemClock().serverClockNow()))))
            let outcome = try await RawPeer.exchange(
                port: port, room: room.code, frames: [RawPeer.hello(.listener, room: room.code), snapshot, ping], replies: [2, 1, 1])
            #expect(errorCodes(outcome.messages) == [.forbidden])
            #expect(types(outcome.messages).last == "time.pong")
            let summary = try await roomSummary(port: port, code: room.code)
            #expect(summary.state.track == nil)
        }
    }

    @Test func theHostCannotPublishNonsense() async throws {
        try await withServer { port, room, _ in
            let farFuture = try WireCodec().encode(
                .hostState(PlaybackSnapshot(track: Fixtures.cestLaVie, playing: true, anchor: .init(positionMs: -5, at: 0))))
            let outcome = try await RawPeer.exchange(
                port: port, room: room.code, frames: [RawPeer.hello(.host, room: room.code, token: room.hostToken), farFuture], replies: [2, 1])
            #expect(errorCodes(outcome.messages) == [.invalidState])
        }
    }

    @Test func otherRoomsAreUnaffected() async throws {
        try await withServer { port, roomA, roomB in
            // Room B has a host and a listener; room A receives all kinds of garbage meanwhile.
            let hostClient = RoomConnection(
                serverURL: "http://127.0.0.1:\(port)", hello: Wire.Hello(role: .host, room: roomB.code, hostToken: roomB.hostToken), clock: SystemClock(),
                logger: TestSupport.quietLogger)
            let host = HostSession(client: hostClient)
            let listenerClient = RoomConnection(
                serverURL: "http://127.0.0.1:\(port)", hello: Wire.Hello(role: .listener, room: roomB.code, service: .appleMusic, storefront: "us"),
                clock: SystemClock(),
                logger: TestSupport.quietLogger)
            let player = PrintPlayer(service: .appleMusic, clock: SystemClock()) { _ in }
            let listener = ListenerSession(
                client: listenerClient, player: player, policy: .init(service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger)
            let tasks = [Task { try await host.run() }, Task { try await listener.run() }]
            defer { tasks.forEach { $0.cancel() } }
            #expect(await TestSupport.eventually { await listener.status().connected })
            try await host.apply(PlaybackEvent(event: .play, track: Fixtures.cestLaVie))

            _ = try await RawPeer.exchange(
                port: port, room: roomA.code, frames: ["{{{", String(repeating: "y", count: 80_000), RawPeer.hello(.host, room: roomA.code, token: "nope")],
                replies: [1, 1, 1])
            _ = try await RawPeer.exchange(port: port, room: "ZZZZZZ", frames: ["hello?"], replies: [1])

            #expect(await TestSupport.eventually { await player.read().trackId == Fixtures.appleCestLaVie.id })
            let summary = try await roomSummary(port: port, code: roomB.code)
            #expect(summary.state.track?.source == Fixtures.cestLaVie)
            #expect(summary.state.hostConnected)
        }
    }

    func roomSummary(port: Int, code: String) async throws -> RoomSummary {
        try #require(await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).room(code: code))
    }
}
