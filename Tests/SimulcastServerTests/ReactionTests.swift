import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 24 reactions: a fixed set, passed on to everyone in the room (on every node), never
/// stored, limited per sender and per room (reconnecting renews nothing), counted in /metrics.
@Suite struct ReactionTests {
    static func send(_ reaction: String) -> WireMessage { .reaction(Wire.SendReaction(reaction: reaction)) }

    @Test func theAnnouncementToOtherNodesCarriesTheReactionAndANameWithSpaces() {
        let change = RoomChange.reaction(code: "K7PQ2MXR9T", node: "n1", reaction: Wire.RoomReaction(reaction: .party, from: "Ana María de la O"))
        #expect(RoomChange(payload: change.payload!) == change)
        #expect(RoomChange(payload: "r K7PQ2MXR9T n1 confetti Ana") == nil, "a name outside the set is not passed on")
    }

    @Test func everyoneInTheRoomSeesAReactionAndItsSendersName() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore() })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)").createRoom()
        let host = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        let ana = await WirePeer.connect(
            port: port, room: room.code,
            hello: WireCodec().encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: "Ana"))))
        let other = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await other.welcome != nil })
        #expect(await TestSupport.eventually { await ana.welcome != nil })
        #expect(await TestSupport.eventually { await host.welcome != nil })

        await ana.send(Self.send("fire"))
        await host.send(Self.send("clap"))
        let expected: Set = [Wire.RoomReaction(reaction: .fire, from: "Ana"), Wire.RoomReaction(reaction: .clap, from: "Host")]
        for peer in [host, ana, other] {
            let seen = await TestSupport.eventually { await Set(peer.reactions) == expected }
            let (reactions, errors) = (await peer.reactions, await peer.errors)
            #expect(seen, "\(reactions) \(errors)")
        }
        // Not one of the set: a clear error, the connection stays.
        await other.send(Self.send("<script>"))
        #expect(await TestSupport.eventually { await other.errors == [.malformedMessage] })
        #expect(await !other.closed)
        #expect(await TestSupport.metric(port, "simulcast_reactions_total", label: "fire") == 1)
        for peer in [host, ana, other] { await peer.disconnect() }
    }

    @Test func aSenderAndARoomHaveAllowancesThatReconnectingDoesNotRenew() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore() })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)").createRoom()
        let watcher = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        // One connection: its burst (5), then refused.
        let eager = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await eager.welcome != nil })
        for _ in 0..<8 { await eager.send(Self.send("heart")) }
        #expect(await TestSupport.eventually { await eager.errors.filter { $0 == .rateLimited }.count == 3 })
        // Fresh connections one after another: the room's allowance (30 at once) holds across them.
        var peers: [WirePeer] = []
        for _ in 0..<10 {
            let peer = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
            #expect(await TestSupport.eventually { await peer.welcome != nil })
            for _ in 0..<5 { await peer.send(Self.send("wow")) }
            peers.append(peer)
        }
        #expect(await TestSupport.eventually { await watcher.reactions.count >= 30 })
        let passed = await watcher.reactions.count
        // 5 + 30 burst, and the refill while the test ran (10 a second): never the 55 sent.
        #expect(passed < 55, "\(passed) passed on")
        #expect(await TestSupport.metric(port, "simulcast_limit_hits_total", label: "reaction_rate") ?? 0 >= 3)
        for peer in peers + [watcher, eager] { await peer.disconnect() }
    }

    @Test func theHostPageReactsOverRESTWithItsTokenAndSeesTheLastFewSeconds() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore() })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base).createRoom()
        let listener = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await listener.welcome != nil })

        func post(_ body: String, token: String?) async throws -> Int {
            var request = HTTPClientRequest(url: "\(base)/v1/rooms/\(room.code)/reactions")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            request.body = .bytes(ByteBuffer(string: body))
            return Int(try await HTTPClient.shared.execute(request, timeout: .seconds(5)).status.code)
        }
        #expect(try await post(#"{"reaction": "party"}"#, token: room.hostToken) == 204)
        #expect(try await post(#"{"reaction": "party"}"#, token: nil) == 403)
        #expect(try await post(#"{"reaction": "party"}"#, token: "wrong") == 403)
        #expect(try await post(#"{"reaction": "confetti"}"#, token: room.hostToken) == 400)
        #expect(try await post(String(repeating: "x", count: 5000), token: room.hostToken) == 400)
        #expect(await TestSupport.eventually { await listener.reactions == [Wire.RoomReaction(reaction: .party, from: "Host")] })
        let summary = try #require(try await RoomsAPI(baseURL: base).room(code: room.code))
        #expect(summary.reactions?.map(\.reaction) == [.party])
        await listener.disconnect()
    }
}

/// A reaction on one node reaches the room's listeners on the others (PostgreSQL NOTIFY; nothing stored).
extension MultiNodeTests {
    @Test func aReactionOnOneNodeReachesListenersOnAnother() async throws {
        let cluster = try await Self.cluster(2)
        defer { Task { await cluster.stop() } }
        let room = try await RoomsAPI(baseURL: cluster.url(0)).createRoom()
        let onOne = await WirePeer.connect(port: cluster.ports[0], room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        let onTwo = await WirePeer.connect(port: cluster.ports[1], room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await onOne.welcome != nil })
        #expect(await TestSupport.eventually { await onTwo.welcome != nil })
        await onOne.send(ReactionTests.send("laugh"))
        #expect(await TestSupport.eventually { await onTwo.reactions.map(\.reaction) == [.laugh] })
        #expect(await onOne.reactions.map(\.reaction) == [.laugh], "its own node passed it on once, not again from the announcement")
        await onOne.disconnect()
        await onTwo.disconnect()
    }
}
