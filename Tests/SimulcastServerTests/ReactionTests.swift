import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import ServiceHTTP
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

    /// A server that believes loopback's `X-Forwarded-For`, so one test can stand for many addresses.
    static func behindAProxy() -> LocalServer {
        var configuration = ServerConfiguration()
        configuration.trustedProxies = ["127.0.0.1"]
        return LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration,
            makeStore: { InMemoryRoomStore(clock: SystemClock()) })
    }

    /// Errors the peers were sent, all together.
    static func errors(_ peers: [WirePeer]) async -> Int {
        var count = 0
        for peer in peers { count += await peer.errors.count }
        return count
    }

    @Test func theAnnouncementToOtherNodesCarriesTheReactionAndANameWithSpaces() {
        let change = RoomChange.reaction(code: "K7PQ2MXR9T", node: "n1", reaction: Wire.RoomReaction(reaction: .party, from: "Ana María de la O"))
        #expect(RoomChange(payload: change.payload!) == change)
        #expect(RoomChange(payload: "r K7PQ2MXR9T n1 confetti Ana") == nil, "a name outside the set is not passed on")
    }

    @Test func everyoneInTheRoomSeesAReactionAndItsSendersName() async throws {
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let host = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        let ana = await WirePeer.connect(
            port: port, room: room.code,
            hello: try WireCodec().encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: "Ana"))))
        let other = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await other.welcome != nil })
        #expect(await TestSupport.eventually { await ana.welcome != nil })
        #expect(await TestSupport.eventually { await host.welcome != nil })

        await ana.send(Self.send("fire"))
        await host.send(Self.send("clap"))
        let expected: Set = [Wire.RoomReaction(reaction: .fire, from: "Ana"), Wire.RoomReaction(reaction: .clap, from: "Host", fromHost: true)]
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

    /// Issue 33: reconnecting renewed the allowance (40 of 40 passed): a sender is its address,
    /// across all its connections, as well as each connection.
    @Test func aSendersAllowanceHoldsAcrossItsConnectionsAndReconnects() async throws {
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let watcher = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        // Joined before anyone reacts, or it misses what it is there to count.
        #expect(await TestSupport.eventually { await watcher.welcome != nil })
        // One connection: its burst (5), then refused.
        let eager = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        #expect(await TestSupport.eventually { await eager.welcome != nil })
        let started = ContinuousClock.now
        for _ in 0..<8 { await eager.send(Self.send("heart")) }
        #expect(await TestSupport.eventually { await eager.errors.filter { $0 == .rateLimited }.count == 3 })
        // Fresh connections from the same address, one after another: 40 more sent.
        var peers: [WirePeer] = []
        for _ in 0..<8 {
            let peer = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
            #expect(await TestSupport.eventually { await peer.welcome != nil })
            for _ in 0..<5 { await peer.send(Self.send("wow")) }
            peers.append(peer)
        }
        let reconnected = peers
        let settled = await TestSupport.eventually { await Self.errors(reconnected) + (await watcher.reactions.count) >= 40 + 5 }
        let (refused, passedOn, eagerErrors) = (await Self.errors(reconnected), await watcher.reactions.count, await eager.errors)
        #expect(settled, "refused \(refused), passed on \(passedOn), eager \(eagerErrors)")
        let elapsed = (ContinuousClock.now - started).inSeconds
        let passed = await watcher.reactions.count
        // The address's burst (10) and its refill while the test ran (3 a second), never the 48 sent.
        let rate = ServerLimits().reactionsPerSender
        #expect(passed >= 10 && Double(passed) <= rate.burst + rate.perSecond * elapsed + 1, "\(passed) passed on in \(elapsed) s")
        #expect(await TestSupport.metric(port, "simulcast_limit_hits_total", label: "reaction_rate") ?? 0 >= 3)
        for peer in peers + [watcher, eager] { await peer.disconnect() }
    }

    /// Issue 33: one listener's ten connections spent the room's budget and the host page got
    /// 429 on 8 of 8. The host reacts from its own allowance; an IPv6 /64 is one sender.
    @Test func listenersSpendingTheRoomsBudgetNeverSilenceTheHost() async throws {
        let server = Self.behindAProxy()
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let watcher = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code))
        // Joined before anyone reacts, or it misses what it is there to count.
        #expect(await TestSupport.eventually { await watcher.welcome != nil })
        // Ten addresses of one /64: one sender.
        var crowd: [WirePeer] = []
        for index in 0..<10 {
            let peer = await WirePeer.connect(
                port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code), forwardedFor: "2001:db8:1:2::\(index + 1)")
            #expect(await TestSupport.eventually { await peer.welcome != nil })
            crowd.append(peer)
        }
        let sending = ContinuousClock.now
        for peer in crowd { for _ in 0..<5 { await peer.send(Self.send("fire")) } }
        let subnet = crowd
        #expect(await TestSupport.eventually { await Self.errors(subnet) + (await watcher.reactions.count) >= 50 })
        let fromTheSubnet = await watcher.reactions.count
        // One sender's burst and its refill while the fifty went out, never ten senders' worth
        // (a fixed 14 assumed they all went out within 1.3 s; beside a CPU hog they took longer).
        let rate = ServerLimits().reactionsPerSender
        let sent = (ContinuousClock.now - sending).inSeconds
        #expect(Double(fromTheSubnet) <= rate.burst + rate.perSecond * sent + 1, "one /64 passed \(fromTheSubnet) in \(sent) s")
        // Then forty addresses spend the room's budget: all joined first, then all at once, so
        // the refill while a slow machine connects them cannot keep up with it.
        var forty: [WirePeer] = []
        for index in 0..<40 {
            let peer = await WirePeer.connect(
                port: port, room: room.code, hello: RawPeer.hello(.listener, room: room.code), forwardedFor: "198.51.100.\(index + 1)")
            #expect(await TestSupport.eventually { await peer.welcome != nil })
            forty.append(peer)
        }
        for peer in forty { for _ in 0..<2 { await peer.send(Self.send("clap")) } }
        crowd += forty
        let everyone = crowd
        #expect(await TestSupport.eventually { await Self.errors(everyone) > 40 }, "the room's budget was never spent")
        // The host page: its own allowance (5 at once), whatever the room spent.
        var passed = 0
        for _ in 0..<5 {
            var request = HTTPClientRequest(url: "\(base)/v1/rooms/\(room.code)/reactions")
            request.method = .POST
            request.headers.add(name: "Content-Type", value: "application/json")
            request.headers.add(name: "Authorization", value: "Bearer \(room.hostToken)")
            request.body = .bytes(ByteBuffer(string: #"{"reaction": "party"}"#))
            if try await HTTPClient.shared.execute(request, timeout: .seconds(5)).status.code == 204 { passed += 1 }
        }
        #expect(passed == 5)
        #expect(await TestSupport.eventually { await watcher.reactions.filter { $0.fromHost == true }.count == 5 })
        for peer in crowd + [watcher] { await peer.disconnect() }
    }

    /// Issue 33: a listener named "Host" (or a look-alike) looked exactly like the host. The
    /// room names them "Listener N", says why in the welcome, and marks only the host's reactions.
    @Test func aListenerCannotPassForTheHost() async throws {
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let host = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        var impostors: [WirePeer] = []
        for name in ["Host", "\u{041D}ost", "\u{3164}"] {
            let peer = await WirePeer.connect(
                port: port, room: room.code,
                hello: try WireCodec().encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: name))))
            #expect(await TestSupport.eventually { await peer.welcome != nil })
            let welcome = try #require(await peer.welcome)
            #expect(welcome.name?.hasPrefix("Listener ") == true && welcome.notice?.contains("Your name was not used") == true, "\(welcome)")
            impostors.append(peer)
        }
        await impostors[0].send(Self.send("fire"))
        await host.send(Self.send("clap"))
        #expect(await TestSupport.eventually { await host.reactions.count == 2 })
        let seen = await host.reactions
        #expect(seen.filter { $0.fromHost == true } == [Wire.RoomReaction(reaction: .clap, from: "Host", fromHost: true)])
        #expect(seen.contains { $0.reaction == .fire && $0.fromHost == nil && $0.from.hasPrefix("Listener ") })
        let presence = try #require(await TestSupport.eventually { await !host.presences.isEmpty } ? await host.presences.last : nil)
        #expect(!presence.listeners.contains { DisplayName.imitatesHost($0.name) })
        for peer in impostors + [host] { await peer.disconnect() }
    }

    /// Issue 33: fifty listeners with the largest names the rules allow: every `room.presence`
    /// under 16 KB and `GET /v1/rooms/{code}` under 32 KB (it was 2.9 MB with 60 KB names).
    @Test func fiftyOfTheLargestNamesStayWithinTheBudgets() async throws {
        let server = Self.behindAProxy()
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
        let host = await WirePeer.connect(port: port, room: room.code, hello: RawPeer.hello(.host, room: room.code, token: room.hostToken))
        // 128 bytes each, none escaped shorter: four-byte emoji.
        let largest = String(repeating: "🎧", count: DisplayName.maximumBytes / 4)
        #expect(DisplayName.normalise(largest) == .success(largest))
        var listeners: [WirePeer] = []
        for index in 0..<50 {
            let peer = await WirePeer.connect(
                port: port, room: room.code,
                hello: try WireCodec().encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", name: largest))),
                forwardedFor: "198.51.100.\(index + 1)")
            listeners.append(peer)
        }
        #expect(await TestSupport.eventually(20) { await host.presences.last?.count == 50 })
        // Everyone reacts too: the summary's recent reactions carry their names.
        for peer in listeners.prefix(30) { await peer.send(Self.send("heart")) }
        #expect(await TestSupport.eventually { await host.reactions.count >= 20 })
        let codec = WireCodec()
        for presence in await host.presences { #expect(try codec.encode(.roomPresence(presence)).utf8.count < 16 * 1024) }
        #expect(await host.presences.last?.listeners.count == 50)
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "\(base)/v1/rooms/\(room.code)"), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 22)
        #expect(body.readableBytes < 32 * 1024, "GET /v1/rooms/{code} is \(body.readableBytes) bytes")
        for peer in listeners + [host] { await peer.disconnect() }
    }

    @Test func theHostPageReactsOverRESTWithItsTokenAndSeesTheLastFewSeconds() async throws {
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, makeStore: { InMemoryRoomStore(clock: SystemClock()) })
        let port = try await server.start()
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(port)"
        let room = try await RoomsAPI(baseURL: base, transport: .live).createRoom()
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
        #expect(await TestSupport.eventually { await listener.reactions == [Wire.RoomReaction(reaction: .party, from: "Host", fromHost: true)] })
        let summary = try #require(try await RoomsAPI(baseURL: base, transport: .live).room(code: room.code))
        #expect(summary.reactions?.map(\.reaction) == [.party])
        #expect(summary.reactions?.first?.fromHost == true)
        await listener.disconnect()
    }
}

/// A reaction on one node reaches the room's listeners on the others (PostgreSQL NOTIFY; nothing stored).
extension MultiNodeTests {
    @Test func aReactionOnOneNodeReachesListenersOnAnother() async throws {
        let cluster = try await Self.cluster(2)
        defer { Task { await cluster.stop() } }
        let room = try await RoomsAPI(baseURL: cluster.url(0), transport: .live).createRoom()
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
