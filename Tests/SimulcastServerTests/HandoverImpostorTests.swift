import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Rooms
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

/// Issue 52 (1): the room is offered to a connection, not a name. Before, a second listener who
/// typed the addressee's name took the host token 32 ms after the offer, and a Spotify listener
/// of that name could decline for her. Now the offer names Ana's connection (its id in
/// presence), a namesake is shown as "Ana 2", and only Ana's connection answers.
@Suite struct HandoverImpostorTests {
    static func hello(_ code: String, _ service: MusicService, _ name: String) -> String {
        WireCodec().text(.hello(Wire.Hello(role: .listener, room: code, service: service, storefront: "us", name: name)))
    }

    static func summary(_ base: String, _ code: String) async throws -> RoomSummary {
        let response = try await HandoverTests.send(base, "/v1/rooms/\(code)", method: .GET, token: nil)
        return try JSONDecoder().decode(RoomSummary.self, from: Data(response.text.utf8))
    }

    /// A server on loopback with a room in it, stopped when `body` ends.
    static func withRoom(_ body: (_ port: Int, _ base: String, _ room: CreatedRoom) async throws -> Void) async throws {
        let server = LocalServer(
            matchmaker: HandoverTests.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        do { try await body(port, base, room) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    @Test func anImpostorWithTheAddresseesNameCanNeitherTakeNorDeclineTheRoom() async throws {
        try await Self.withRoom { port, base, room in
            let ana = await WirePeer.connect(port: port, room: room.code, hello: Self.hello(room.code, .appleMusic, "Ana"))
            #expect(await TestSupport.eventually { await ana.welcome != nil })
            let impostor = await WirePeer.connect(port: port, room: room.code, hello: Self.hello(room.code, .appleMusic, "Ana"))
            #expect(await TestSupport.eventually { await impostor.welcome != nil })
            let spotifyImpostor = await WirePeer.connect(port: port, room: room.code, hello: Self.hello(room.code, .spotify, "ana"))
            #expect(await TestSupport.eventually { await spotifyImpostor.welcome != nil })

            // Nobody shares Ana's name, and a given name cannot be typed.
            let anaId = try #require(await ana.welcome?.listenerId)
            #expect(await impostor.welcome?.name == "Ana 2")
            #expect(await spotifyImpostor.welcome?.name == "ana 3")
            let impostorId = await impostor.welcome?.listenerId
            let spotifyImpostorId = await spotifyImpostor.welcome?.listenerId
            #expect(Set([anaId, impostorId, spotifyImpostorId]).count == 3)
            let typedFallback = await WirePeer.connect(port: port, room: room.code, hello: Self.hello(room.code, .appleMusic, "Listener 1"))
            #expect(await TestSupport.eventually { await typedFallback.welcome != nil })
            #expect(await typedFallback.welcome?.name != "Listener 1")
            #expect(await typedFallback.welcome?.notice?.contains("what the room calls someone who chose no name") == true)

            // Offers name a connection in the room; a name, or an id nobody holds, is refused.
            let path = "/v1/rooms/\(room.code)/handover"
            let byName = try await HandoverTests.send(base, path, method: .POST, token: room.hostToken, json: #"{"to":"Ana"}"#)
            #expect(byName.status == 400 && byName.text.contains("malformed_handover"), "\(byName.text)")
            let nobody = try await HandoverTests.send(base, path, method: .POST, token: room.hostToken, json: #"{"listener":"0123456789abcde"}"#)
            #expect(nobody.status == 404 && nobody.text.contains("listener_not_found"), "\(nobody.text)")
            let spotifyId = try #require(await spotifyImpostor.welcome?.listenerId)
            let notApple = try await HandoverTests.send(base, path, method: .POST, token: room.hostToken, json: #"{"listener":"\#(spotifyId)"}"#)
            #expect(notApple.status == 400, "\(notApple.text)")
            let presence = try await Self.summary(base, room.code).presence
            #expect(presence?.listeners.first { $0.id == anaId }?.name == "Ana")

            let offered = try await HandoverTests.send(base, path, method: .POST, token: room.hostToken, json: #"{"listener":"\#(anaId)"}"#)
            #expect(offered.status == 202 && offered.text.contains(anaId), "\(offered.text)")
            #expect(await TestSupport.eventually { await impostor.states.last?.handoverOffer?.listener == anaId })

            // The namesakes answer first: refused, and the offer stands.
            await spotifyImpostor.send(.handoverAnswer(Wire.HandoverAnswer(accept: false)))
            await impostor.send(.handoverAnswer(Wire.HandoverAnswer(accept: true)))
            #expect(await TestSupport.eventually { await impostor.errors.contains(.invalidState) })
            #expect(await TestSupport.eventually { await spotifyImpostor.errors.contains(.invalidState) })
            #expect(await HandoverTests.granted(impostor) == nil)
            #expect(try await Self.summary(base, room.code).state.handoverOffer?.listener == anaId)

            // Ana still can.
            await ana.send(.handoverAnswer(Wire.HandoverAnswer(accept: true)))
            #expect(await TestSupport.eventually { await HandoverTests.granted(ana) != nil })
            #expect(await HandoverTests.granted(impostor) == nil)
            #expect(await HandoverTests.granted(spotifyImpostor) == nil)
            for peer in [ana, impostor, spotifyImpostor, typedFallback] { await peer.disconnect() }
        }
    }
}
