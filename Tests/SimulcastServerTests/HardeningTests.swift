import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import RoomStorage
import ServiceHTTP
import SimulcastClient
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Testing

@testable import Rooms

/// Each defect the hostile-user review of wave 1 found (issue 11), as a test that failed
/// on wave 1's server: crashes, unbounded growth, missing limits, protocol conformance.
@Suite(.serialized) struct HardeningTests {
    static func limits(_ change: (inout ServerLimits) -> Void = { _ in }) -> ServerConfiguration {
        var limits = ServerLimits()
        change(&limits)
        return ServerConfiguration(limits: limits, adminToken: "admin-secret")
    }

    func withServer(_ configuration: ServerConfiguration = limits(), _ body: (Int, CreatedRoom, LocalServer) async throws -> Void) async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: configuration) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        do { try await body(port, room, server) } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func healthz(_ port: Int) async throws -> Bool {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"), timeout: .seconds(5))
        return response.status == .ok
    }

    /// A raw room socket: handshake, hello, and everything the server sent back.
    func exchange(port: Int, room: String, frames: [[UInt8]], wait seconds: Double = 2) async throws -> (bytes: [UInt8], closed: Bool) {
        try await RawTCP.run {
            let socket = try RawTCP(port: port)
            guard var received = socket.upgrade(room: room) else { return ([], true) }
            for frame in frames { socket.send(frame) }
            let rest = socket.readUntilClosed(seconds: seconds)
            received += rest.bytes
            return (received, rest.closed)
        }
    }

    func messages(_ bytes: [UInt8]) -> [WireMessage] {
        RawTCP.frames(in: bytes).filter { $0.opcode == 1 }.compactMap { try? WireCodec().decode(String(decoding: $0.payload, as: UTF8.self)) }
    }

    func hostHello(_ room: CreatedRoom) -> [UInt8] { RawTCP.text(RawPeer.hello(.host, room: room.code, token: room.hostToken)) }

    // 1. One message killed every room: an anchor near Int64.min overflowed `abs(a - b)`.
    @Test func anAnchorAtTheEndsOfInt64IsRefusedAndTheServerLives() async throws {
        try await withServer { port, room, _ in
            for serverTime in [Int64.min, Int64.min + 1, Int64.max] {
                let state = #"{"type":"host.state","v":1,"track":null,"playing":false,"anchor":{"positionMs":0,"serverTime":\#(serverTime)}}"#
                // Until the refusal arrives (on a loaded machine the welcome and the claim can take a while).
                let bytes = try await RawTCP.run {
                    let socket = try RawTCP(port: port)
                    guard let welcome = socket.upgrade(room: room.code) else { return [UInt8]() }
                    socket.send(hostHello(room))
                    socket.send(RawTCP.text(state))
                    return welcome + socket.readBytes(until: "invalid_state", seconds: 10)
                }
                let errors = messages(bytes).compactMap { if case .error(let e) = $0 { e.code } else { nil } }
                #expect(errors == [.invalidState])
            }
            #expect(try await healthz(port))
        }
    }

    // 2. Anonymous listeners inflated a room: unchecked service and storefront names.
    @Test func listenersCannotInflateARoomsState() async throws {
        try await withServer(Self.limits { $0.matchPairsPerRoom = 3 }) { port, room, _ in
            let huge = String(repeating: "x", count: 48_000)
            for hello in [
                #"{"type":"hello","v":1,"role":"listener","room":"\#(room.code)","service":"\#(huge)","storefront":"us"}"#,
                #"{"type":"hello","v":1,"role":"listener","room":"\#(room.code)","service":"deezer","storefront":"zz\#(huge)"}"#,
            ] {
                let outcome = try await exchange(port: port, room: room.code, frames: [RawTCP.text(hello)])
                #expect(RawTCP.closeCode(in: outcome.bytes) == 4400)
            }
            // Distinct storefronts beyond the room's bound are refused, and the state stays small.
            var codes: [Int?] = []
            var sockets: [RawTCP] = []
            for storefront in ["us", "gb", "fr", "de"] {
                let hello = RawTCP.text(RawPeer.hello(.listener, room: room.code).replacingOccurrences(of: "\"us\"", with: "\"\(storefront)\""))
                let (code, socket) = try await RawTCP.run { () -> (Int?, RawTCP) in
                    let socket = try RawTCP(port: port)
                    var bytes = socket.upgrade(room: room.code) ?? []
                    socket.send(hello)
                    bytes += socket.readUntilClosed(seconds: 0.5).bytes
                    return (RawTCP.closeCode(in: bytes), socket)
                }
                codes.append(code)
                sockets.append(socket)
            }
            #expect(codes == [nil, nil, nil, 4413])
            let summary = try #require(try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).room(code: room.code))
            #expect(summary.listeners.count == 3)
            _ = sockets
        }
    }

    // 3. A listener that stopped reading was never dropped and its outbox grew without bound.
    @Test func aListenerThatStopsReadingIsClosedWhileOthersKeepUp() async throws {
        try await withServer(
            Self.limits {
                $0.drainTimeout = .seconds(1); $0.messages = .unlimited; $0.hostStatesPerRoom = .unlimited
            }
        ) { port, room, server in
            let base = "http://127.0.0.1:\(port)"
            // The stalled listener: joined, then never reads (a tiny receive buffer fills at once).
            let stalled = try await RawTCP.run {
                let socket = try RawTCP(port: port, receiveBuffer: 4096)
                _ = socket.upgrade(room: room.code)
                socket.send(RawTCP.text(RawPeer.hello(.listener, room: room.code)))
                return socket
            }
            let player = PrintPlayer(service: .appleMusic, clock: SystemClock()) { _ in }
            let listener = ListenerSession(
                client: RoomConnection(
                    serverURL: base, hello: Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"), clock: SystemClock(),
                    logger: TestSupport.quietLogger), player: player, policy: .init(service: .appleMusic, storefront: "us"), logger: TestSupport.quietLogger)
            let task = Task { try await listener.run() }
            defer { task.cancel() }
            #expect(await TestSupport.eventually { await listener.status().connected })
            // A host publishing big states (a long queue of long titles) as fast as it can.
            let queue = (0..<10).map {
                TrackMetadata(
                    service: .spotify, id: "q\($0)", title: String(repeating: "t", count: 500), artists: [String(repeating: "a", count: 500)],
                    album: String(repeating: "b", count: 500))
            }
            let now = SystemClock().serverClockNow()
            let states = (0..<400).map { index in
                RawTCP.text(
                    WireCodec().text(
                        .hostState(
                            PlaybackSnapshot(
                                track: Fixtures.cestLaVie, playing: true, anchor: PlaybackAnchor(positionMs: Double(index), at: now), queue: queue))))
            }
            let last = RawTCP.text(
                try WireCodec().encode(
                    .hostState(PlaybackSnapshot(track: Fixtures.sheLooksSoPerfect, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: now)))))
            let host = try await RawTCP.run { () -> RawTCP in
                let socket = try RawTCP(port: port)
                _ = socket.upgrade(room: room.code)
                socket.send(RawTCP.text(RawPeer.hello(.host, room: room.code, token: room.hostToken)))
                for (index, state) in states.enumerated() {
                    socket.send(state)
                    if index % 10 == 0 { _ = socket.readUntilClosed(seconds: 0.005) }  // the host keeps reading its own echoes
                }
                return socket
            }
            let hub = try #require(await server.hub)
            #expect(await TestSupport.eventually(10) { (try? await hub.summary(code: room.code))?.listeners.count == 1 })
            // The reading listener still follows the newest state.
            try await RawTCP.run { host.send(last) }
            #expect(await TestSupport.eventually { await player.read().trackId == Fixtures.appleSheLooksSoPerfect.id })
            _ = stalled
        }
    }

    // 4. Slowloris sockets were held forever; /healthz must stay fast and they must be closed (500, as in the issue).
    // Its 100 ms bound measures the server, not forty suites sharing two cores: it runs in the isolated pass.
    @Test(.enabled(if: TestSupport.isolatedPass)) func slowHeadersAreCutOffAndHealthzStaysFast() async throws {
        try await withServer(Self.limits { $0.headerTimeout = .seconds(1) }) { port, _, _ in
            let sockets = try await RawTCP.run {
                try (0..<500).map { _ in
                    let socket = try RawTCP(port: port, source: "127.0.0.2")
                    socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                    return socket
                }
            }
            // Measured once the server has turned away the sockets over the per-address cap (its
            // accept burst is over) while it holds the rest: the defect was held sockets starving
            // the server. During the burst itself one request in ten took 90-120 ms on a 2-core
            // debug build, with or without this wave's changes.
            let overCap = 500 - ServerLimits().connectionsPerAddress
            #expect(
                await TestSupport.eventually {
                    await TestSupport.metric(port, "simulcast_limit_hits_total", label: "connections_per_address") ?? 0 >= Double(overCap)
                })
            var slowest = Duration.zero
            for _ in 0..<10 {
                let started = ContinuousClock.now
                #expect(try await healthz(port))
                slowest = max(slowest, ContinuousClock.now - started)
            }
            #expect(slowest < .milliseconds(100))
            let closed = try await RawTCP.run { sockets.map { $0.readUntilClosed(seconds: 3) } }
            #expect(closed.allSatisfy { $0.closed })
            // Up to the per-address cap (256) wait out the header timeout (408); the rest are refused at once (429).
            let statuses = closed.map { String(decoding: $0.bytes.prefix(12), as: UTF8.self) }
            #expect(statuses.filter { $0 == "HTTP/1.1 408" }.count == ServerLimits().connectionsPerAddress)
            #expect(statuses.filter { $0 == "HTTP/1.1 429" }.count == 500 - ServerLimits().connectionsPerAddress)
        }
    }

    // 4a. 1,100 idle connections from one client starved everyone under a 1024-descriptor limit.
    @Test func connectionsPerAddressAreCappedAndOthersStillGetIn() async throws {
        try await withServer(Self.limits { $0.connectionsPerAddress = 5 }) { port, _, _ in
            let outcomes = try await RawTCP.run { () -> ([RawTCP], (bytes: [UInt8], closed: Bool)) in
                // Each held connection proves it was admitted (a kept-alive request answered) before the next.
                let held = try (0..<5).map { _ in
                    let socket = try RawTCP(port: port, source: "127.0.0.2")
                    socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    _ = socket.read(until: "\"ok\"", seconds: 3)
                    return socket
                }
                let refused = try RawTCP(port: port, source: "127.0.0.2")
                return (held, refused.readUntilClosed(seconds: 3))
            }
            #expect(String(decoding: outcomes.1.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 429"))
            #expect(outcomes.1.closed)
            #expect(try await healthz(port))  // another address is not affected
            _ = outcomes.0
        }
    }

    // 4c. A few neighbouring addresses held the whole connection cap (issue 22, eighth defect:
    // 960 idle connections from 5 addresses); a network has its own cap.
    @Test func connectionsPerNetworkAreCappedAndOtherNetworksStillGetIn() async throws {
        try await withServer(
            Self.limits {
                $0.connectionsPerAddress = 5; $0.connectionsPerNetwork = 6
            }
        ) { port, _, _ in
            let outcomes = try await RawTCP.run { () -> ([RawTCP], (bytes: [UInt8], closed: Bool), (bytes: [UInt8], closed: Bool)) in
                let held = try ["127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.2", "127.0.0.3", "127.0.0.3"].map { source in
                    let socket = try RawTCP(port: port, source: source)
                    socket.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                    _ = socket.read(until: "\"ok\"", seconds: 3)
                    return socket
                }
                // A third address in the same /24 is refused although it holds nothing itself...
                let refused = try RawTCP(port: port, source: "127.0.0.4")
                // ...while another network gets in.
                let other = try RawTCP(port: port, source: "127.0.1.5")
                other.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return (held, refused.readUntilClosed(seconds: 3), other.readUntilClosed(seconds: 3))
            }
            let refused = String(decoding: outcomes.1.bytes, as: UTF8.self)
            #expect(refused.hasPrefix("HTTP/1.1 429"))
            #expect(refused.contains("network"))
            #expect(String(decoding: outcomes.2.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
            _ = outcomes.0
        }
    }

    // 4b. Malformed requests got no 400 and stayed open.
    @Test(arguments: [
        "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n",
        "\u{01}\u{02}garbage\r\n\r\n",
        "POST /v1/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ])
    func malformedRequestsGet400AndAreClosed(request: String) async throws {
        try await withServer { port, _, _ in
            let outcome = try await RawTCP.run {
                let socket = try RawTCP(port: port)
                socket.send(request)
                return socket.readUntilClosed(seconds: 3)
            }
            #expect(String(decoding: outcome.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 400"))
            #expect(outcome.closed)
        }
    }

    // 5. WebSocket conformance: each violation closes with the code RFC 6455 gives it.
    @Test func framesOutsideTheProtocolCloseWithTheirCodes() async throws {
        try await withServer { port, room, _ in
            let hello = RawTCP.text(RawPeer.hello(.listener, room: room.code))
            let cases: [([UInt8], Int)] = [
                (RawTCP.text(RawPeer.hello(.listener, room: room.code), masked: false), 1002),
                (RawTCP.frame(opcode: 2, [1, 2, 3]), 1003),
                (RawTCP.frame(opcode: 1, [0x7B, 0xFF, 0xFE, 0x7D]), 1007),
                (
                    RawTCP.frame(opcode: 1, Array(repeating: 0x20, count: 900_000), fin: false)
                        + RawTCP.frame(opcode: 0, Array(repeating: 0x20, count: 700_000)), 1009
                ),
            ]
            for (frame, code) in cases {
                let outcome = try await exchange(port: port, room: room.code, frames: [hello, frame])
                #expect(RawTCP.closeCode(in: outcome.bytes) == code)
                #expect(outcome.closed)
            }
            // An invalid room code closes with the documented 4404.
            let outcome = try await exchange(port: port, room: "not-a-room", frames: [])
            #expect(RawTCP.closeCode(in: outcome.bytes) == 4404)
            #expect(try await healthz(port))
        }
    }

    // 5b. SIGTERM never finished while a peer ignored the close frame.
    @Test func shutdownFinishesWhenAPeerNeverAnswersTheClose() async throws {
        let server = LocalServer(matchmaker: TestSupport.matchmaker, clock: SystemClock(), logger: TestSupport.quietLogger, configuration: Self.limits()) {
            InMemoryRoomStore(clock: SystemClock())
        }
        let port = try await server.start()
        let room = try await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).createRoom()
        let sockets = try await RawTCP.run {
            let deaf = try RawTCP(port: port, receiveBuffer: 4096)
            _ = deaf.upgrade(room: room.code)
            deaf.send(RawTCP.text(RawPeer.hello(.listener, room: room.code)))
            let pending = try RawTCP(port: port)
            pending.send("GET /healthz HTTP/1.1\r\nHost: x\r\n")  // a request that never ends
            return [deaf, pending]
        }
        #expect(await Poll.until { (try? await RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live).room(code: room.code))?.listeners.count == 1 })
        let started = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - started < .seconds(10))
        _ = sockets
    }

    // 6. A second host with the same token replaces the first, which is told why.
    @Test func aSecondHostConnectionReplacesTheFirst() async throws {
        try await withServer { port, room, _ in
            let first = try await RawTCP.run { () -> RawTCP in
                let socket = try RawTCP(port: port)
                _ = socket.upgrade(room: room.code)
                socket.send(RawTCP.text(RawPeer.hello(.host, room: room.code, token: room.hostToken)))
                _ = socket.read(until: "room.state", seconds: 2)
                return socket
            }
            _ = try await exchange(port: port, room: room.code, frames: [hostHello(room)], wait: 0.5)
            let outcome = try await RawTCP.run { first.readUntilClosed(seconds: 3) }
            #expect(RawTCP.closeCode(in: outcome.bytes) == 4409)
            #expect(String(decoding: outcome.bytes, as: UTF8.self).contains("host_replaced"))
        }
    }

    // 7. Nothing was rate-limited: 20,000 rooms from one client in 7 s; room codes guessable.
    @Test func roomCreationAndUnknownLookupsAreRateLimited() async throws {
        try await withServer(
            Self.limits {
                $0.roomCreation = .init(burst: 2, perSecond: 0.001); $0.roomLookupMisses = .init(burst: 3, perSecond: 0.001)
            }
        ) { port, room, _ in
            let api = RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live)
            _ = try await api.createRoom()  // the second of the burst (withServer made the first)
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/rooms")
            request.method = .POST
            let refused = try await HTTPClient.shared.execute(request, timeout: .seconds(5))
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers.first(name: "Retry-After") != nil)
            // Unknown codes: three misses, then even a real room is refused to this address.
            for guess in ["AAAAAAAAAA", "BBBBBBBBBB", "CCCCCCCCCC"] { #expect(try await api.room(code: guess) == nil) }
            await #expect(throws: APIClientError.self) { _ = try await api.room(code: room.code) }
            #expect(room.code.count == 10)
        }
    }

    // 9. /metrics was public.
    @Test func metricsAreForLoopbackOrTheAdminToken() async throws {
        try await withServer { port, _, _ in
            let outcome = try await RawTCP.run {
                let socket = try RawTCP(port: port, source: "127.0.0.2")
                socket.send("GET /metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                return socket.readUntilClosed(seconds: 3)
            }
            #expect(String(decoding: outcome.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 403"))
            let admitted = try await RawTCP.run {
                let socket = try RawTCP(port: port, source: "127.0.0.2")
                socket.send("GET /metrics HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer admin-secret\r\nConnection: close\r\n\r\n")
                return socket.readUntilClosed(seconds: 3)
            }
            let text = String(decoding: admitted.bytes, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200"))
            #expect(text.contains("simulcast_limit_hits_total"))
        }
    }

    // 10. Rooms never expired; the database grew under churn.
    @Test func roomsWithNobodyExpire() async throws {
        let store = InMemoryRoomStore(clock: SystemClock())
        // The server's clock is a manual one: the room grows old by advancing it, not by waiting.
        let clock = ManualClock(micros: SystemClock().now().micros)
        let server = LocalServer(
            matchmaker: TestSupport.matchmaker, clock: clock, logger: TestSupport.quietLogger,
            configuration: ServerConfiguration(expiry: .init(roomIdle: .milliseconds(200), sweepInterval: .seconds(3600), unloadAfter: .zero))
        ) { store }
        let port = try await server.start()
        let api = RoomsAPI(baseURL: "http://127.0.0.1:\(port)", transport: .live)
        let old = try await api.createRoom()
        #expect(try await api.room(code: old.code) != nil)
        clock.advance(byMs: 300)
        let fresh = try await api.createRoom()
        let hub = try #require(await server.hub)
        await hub.sweep()
        #expect(try await store.room(code: old.code) == nil)
        #expect(try await store.room(code: fresh.code) != nil)
        await server.stop()
    }
}
