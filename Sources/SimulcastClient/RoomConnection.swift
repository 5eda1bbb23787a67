import Foundation
import Logging
import NIOSSL
import SimulcastCore

/// A host's or listener's connection to a room, the one every Swift participant uses (the
/// CLI, a node following a hosted room, the simulator, the benchmarks): says hello, keeps its
/// clock in sync with the server, owns the ping timers and the tick, delivers room messages,
/// and reconnects with backoff for as long as it runs (a restarted server is picked up again
/// without the user doing anything). Given several servers (nodes sharing one database), each
/// reconnect tries the next one. The transport (`RoomTransport`) only carries text; the
/// simulator drives the same calls over its simulated network in virtual time.
public actor RoomConnection {
    /// The room's WebSocket URL on each server, in the order they are tried.
    public nonisolated let webSocketURLs: [String]
    public var webSocketURL: String { driver.url }
    public nonisolated let hello: Wire.Hello
    public nonisolated let clock: any LocalClock
    /// How it reaches the room: a WebSocket, or a node's own hub.
    let transport: any RoomTransport
    let logger: Logger
    let codec = WireCodec()
    /// When to connect, ping and back off: the same driver runs live and in the simulator.
    private var driver: ConnectionDriver
    /// The backoff's jitter (seeded in the simulator, so its runs repeat).
    private var random: SeededGenerator

    public private(set) var clockSync = ClockSync()
    public private(set) var isJoined = false
    /// Where messages go while a connection is open: the WebSocket's writer, or a simulated network.
    private var outbound: (@Sendable (WireMessage) -> Void)?
    private var fatalRefusal: RoomRefusal?
    private var samplesSinceConnect = 0

    /// - Parameters:
    ///   - serverURL: the server's base URL (`http://host:port`), or several separated by
    ///     commas; the WebSocket URLs are derived.
    ///   - seed: for the backoff's jitter (nil: a random one).
    ///   - tls: for https servers, what to trust (nil: the system's authorities).
    ///   - transport: how to reach the room (nil: a WebSocket, trusting `tls`).
    public init(
        serverURL: String, hello: Wire.Hello, clock: any LocalClock, pingInterval: Duration = ConnectionDriver.defaultPingInterval,
        seed: UInt64? = nil, tls: TLSConfiguration? = nil, transport: (any RoomTransport)? = nil, logger: Logger = Logger(label: "simulcast.client")
    ) {
        self.transport = transport ?? WebSocketRoomTransport(tls: tls)
        let bases = Self.serverURLs(serverURL).map { url in
            var base = url
            if base.hasPrefix("https://") { base = "wss://" + base.dropFirst("https://".count) }
            if base.hasPrefix("http://") { base = "ws://" + base.dropFirst("http://".count) }
            if !base.hasPrefix("ws://") && !base.hasPrefix("wss://") { base = "ws://" + base }
            return "\(base)/v1/rooms/\(hello.room)/ws"
        }
        let urls = bases.isEmpty ? ["ws://127.0.0.1:8080/v1/rooms/\(hello.room)/ws"] : bases
        self.webSocketURLs = urls
        self.driver = ConnectionDriver(urls: urls, pingInterval: pingInterval)
        self.random = SeededGenerator(seed: seed ?? UInt64.random(in: 1...UInt64.max))
        self.hello = hello
        self.clock = clock
        self.logger = logger
    }

    /// Server time for a reading of our own clock, once clock sync has a sample.
    public func serverTime(at time: LocalTime) -> ServerTime? { clockSync.serverTime(at: time) }

    /// Our clock's reading at a given server time (the inverse of `serverTime(at:)`).
    public func localTime(at time: ServerTime) -> LocalTime? { clockSync.localTime(at: time) }

    /// The base URLs in a `--server` value: one, or several separated by commas.
    public static func serverURLs(_ text: String) -> [String] {
        text.split(separator: ",").map { part in
            var url = part.trimmingCharacters(in: .whitespaces)
            while url.hasSuffix("/") { url.removeLast() }
            return url
        }.filter { !$0.isEmpty }
    }

    /// Queues a message for the server; false when not connected (the caller re-sends
    /// what matters after the next `.joined`).
    @discardableResult
    public func send(_ message: WireMessage) -> Bool {
        guard isJoined, let outbound else { return false }
        outbound(message)
        return true
    }

    // MARK: The protocol, apart from the transport
    //
    // The live loop below and the simulator (`simulcast-bench sync`) drive a connection
    // through these calls, so both run the same protocol and connection code.

    /// The number of the connection now open (its pings carry it).
    public var connection: Int { driver.connection }

    /// A connection opened: clock sync starts afresh and the hello goes first; its first ping
    /// is due at once (`pingDue`). Returns the connection's number.
    @discardableResult
    public func connectionOpened(sending outbound: @escaping @Sendable (WireMessage) -> Void) -> Int {
        self.outbound = outbound
        clockSync = ClockSync()
        samplesSinceConnect = 0
        let number = driver.opened(at: clock.now())
        outbound(Self.opening(hello))
        return number
    }

    /// The first message of every connection. The load benchmark's peers, which hold ten
    /// thousand connections without a task each, open with this too.
    public static func opening(_ hello: Wire.Hello) -> WireMessage { .hello(hello) }

    /// A clock ping of connection `number` is due: sends it if that connection is still the
    /// open one, and returns the wait until the next (nil: that connection has ended).
    public func pingDue(connection number: Int) -> Duration? {
        guard let next = driver.pingDue(connection: number) else { return nil }
        sendPing()
        return next
    }

    /// Sends a clock ping stamped with our clock now.
    private func sendPing() {
        outbound?(.timePing(Wire.TimePing(t0: clock.now())))
    }

    /// A message from the server, read at `receivedAt` on our clock; what it means for the owner.
    public func received(_ message: WireMessage, at receivedAt: LocalTime) -> RoomConnectionEvent? {
        switch message {
        case .timePong(let pong):
            let stepped = clockSync.add(ClockSample(t0: pong.t0, t1: pong.t1, t2: pong.t2, t3: receivedAt))
            samplesSinceConnect += 1
            if stepped {
                logger.info("clock step seen; measuring the clock afresh", metadata: ["steps": "\(clockSync.stepsDetected)"])
                driver.clockStepped()
            }
            if samplesSinceConnect == ConnectionDriver.burstSize { return .clockSynchronised }
            return stepped ? .clockStepped : nil
        case .welcome(let welcome):
            if let notice = welcome.notice { logger.notice("\(notice)") }
            isJoined = true
            return .joined(welcome)
        case .roomState(let state):
            return .roomState(state)
        case .roomReaction(let reaction):
            return .reaction(reaction)
        case .error(let error):
            if error.code.isFinal { fatalRefusal = RoomRefusal(code: error.code, message: error.message) }
            return .serverError(error)
        default:
            return nil
        }
    }

    /// The connection ended, or could not be made: the refusal that ends the session for good,
    /// or the wait before connecting again (to the next server).
    public func connectionEnded() -> Result<Duration, RoomRefusal> {
        isJoined = false
        outbound = nil
        if let fatalRefusal { return .failure(fatalRefusal) }
        return .success(driver.closed(at: clock.now(), using: &random))
    }

    /// Connects and stays connected until the task is cancelled or the server says the
    /// room or token is wrong (thrown as `RoomRefusal`).
    public func run(onEvent: @escaping @Sendable (RoomConnectionEvent) async -> Void) async throws {
        while !Task.isCancelled {
            var reason = "connection closed"
            do {
                let ended = try await transport.connect(to: webSocketURL, room: hello.room, clock: clock) { link in
                    await self.session(over: link, onEvent: onEvent)
                }
                if let ended { reason = ended }
            } catch {
                reason = "cannot reach the server (\(Self.describe(error)))"
            }
            let delay = try connectionEnded().get()
            if Task.isCancelled { return }
            await onEvent(.disconnected(reason: reason))
            logger.info("reconnecting", metadata: ["in": "\(String(format: "%.2f", delay.inSeconds)) s", "reason": "\(reason)"])
            try? await clock.sleep(until: clock.now().advanced(by: delay))
        }
    }

    /// One open connection: the hello and clock pings out, the server's messages in, until
    /// the server closes it or the task is cancelled.
    private func session(over link: RoomTransportLink, onEvent: @escaping @Sendable (RoomConnectionEvent) async -> Void) async {
        let (messages, outbox) = AsyncStream<WireMessage>.makeStream()
        let connection = connectionOpened { outbox.yield($0) }
        let clock = self.clock
        let codec = self.codec
        let logger = self.logger
        // A failed write or a cancelled ping wait ends only its child; the connection ends when
        // the server's side does (or this task is cancelled).
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // In order, each written to the end, as a socket's frames would be.
                for await message in messages {
                    let text: String
                    do throws(WireEncodingError) { text = try codec.encode(message) } catch {
                        // Our own message that JSON cannot carry: a bug here, not the server's; the rest still goes.
                        logger.error("cannot encode a message for the server", metadata: ["error": "\(error)"])
                        continue
                    }
                    try await link.write(text)
                }
            }
            group.addTask {
                // Clock pings follow the hello at once, densely, then at a steady pace.
                while let delay = await self.pingDue(connection: connection) {
                    try await clock.sleep(until: clock.now().advanced(by: delay))
                }
            }
            for await frame in link.frames {
                let message: WireMessage
                do throws(WireDecodingError) { message = try codec.decode(frame.text) } catch {
                    logger.warning("unreadable message from server", metadata: ["error": "\(error)"])
                    continue
                }
                if let event = received(message, at: frame.receivedAt) { await onEvent(event) }
            }
            outbox.finish()
            group.cancelAll()
        }
    }

    /// Runs the connection, handing events to `onEvent`, and calls `tick` every `interval`,
    /// until cancelled or the server refuses for good.
    public func run(onEvent: @escaping @Sendable (RoomConnectionEvent) async -> Void, every interval: Duration, tick: @escaping @Sendable () async -> Void)
        async throws
    {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.run(onEvent: onEvent) }
            group.addTask {
                let clock = self.clock
                while !Task.isCancelled {
                    try await clock.sleep(until: clock.now().advanced(by: interval))
                    await tick()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        return text.count > 160 ? String(text.prefix(160)) + "…" : text
    }
}
