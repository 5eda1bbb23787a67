import Foundation
import HummingbirdWSClient
import Logging
import NIOSSL
import SimulcastCore

/// A host's or listener's connection to a room: says hello, keeps its clock in sync with
/// the server, delivers room messages, and reconnects with backoff for as long as it runs
/// (a restarted server is picked up again without the user doing anything). Given several
/// servers (nodes sharing one database), each reconnect tries the next one.
public actor RoomClient {
    /// The room's WebSocket URL on each server, in the order they are tried.
    public nonisolated let webSocketURLs: [String]
    public var webSocketURL: String { driver.url }
    public nonisolated let hello: Wire.Hello
    public nonisolated let clock: any LocalClock
    /// For wss:// servers: which certificates to trust (nil: the system's).
    let tls: TLSConfiguration?
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
    private var fatalRefusal: RoomClientError?
    private var samplesSinceConnect = 0

    /// - Parameters:
    ///   - serverURL: the server's base URL (`http://host:port`), or several separated by
    ///     commas; the WebSocket URLs are derived.
    ///   - seed: for the backoff's jitter (nil: a random one).
    ///   - tls: for https servers, what to trust (nil: the system's authorities).
    public init(
        serverURL: String, hello: Wire.Hello, clock: any LocalClock = SystemClock(), pingInterval: Duration = ConnectionDriver.defaultPingInterval,
        seed: UInt64? = nil, tls: TLSConfiguration? = nil, logger: Logger = Logger(label: "simulcast.client")
    ) {
        self.tls = tls
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
        outbound(.hello(hello))
        return number
    }

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
    public func received(_ message: WireMessage, at receivedAt: LocalTime) -> RoomClientEvent? {
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
            if error.code.isFinal { fatalRefusal = RoomClientError(code: error.code, message: error.message) }
            return .serverError(error)
        default:
            return nil
        }
    }

    /// The connection ended, or could not be made: the refusal that ends the session for good,
    /// or the wait before connecting again (to the next server).
    public func connectionEnded() -> Result<Duration, RoomClientError> {
        isJoined = false
        outbound = nil
        if let fatalRefusal { return .failure(fatalRefusal) }
        return .success(driver.closed(at: clock.now(), using: &random))
    }

    /// Connects and stays connected until the task is cancelled or the server says the
    /// room or token is wrong (thrown as `RoomClientError`).
    public func run(onEvent: @escaping @Sendable (RoomClientEvent) async -> Void) async throws {
        while !Task.isCancelled {
            var reason = "connection closed"
            do {
                let configuration = WebSocketClientConfiguration(maxFrameSize: 1 << 20)
                try await WebSocketClient.connect(url: webSocketURL, configuration: configuration, tlsConfiguration: tls, logger: logger) {
                    inbound, outbound, _ in
                    try await self.session(inbound: inbound, outbound: outbound, onEvent: onEvent)
                }
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

    private func session(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, onEvent: @escaping @Sendable (RoomClientEvent) async -> Void)
        async throws
    {
        let (messages, outbox) = AsyncStream<WireMessage>.makeStream()
        let connection = connectionOpened { outbox.yield($0) }
        let clock = self.clock
        let codec = self.codec
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await message in messages {
                    try await outbound.write(.text(codec.encode(message)))
                }
            }
            group.addTask {
                // Clock pings follow the hello at once, densely, then at a steady pace.
                while let delay = await self.pingDue(connection: connection) {
                    try await clock.sleep(until: clock.now().advanced(by: delay))
                }
            }
            for try await frame in inbound.messages(maxSize: 1 << 20) {
                let receivedAt = clock.now()
                guard case .text(let text) = frame else { continue }
                let message: WireMessage
                do throws(WireDecodingError) { message = try codec.decode(text) } catch {
                    logger.warning("unreadable message from server", metadata: ["error": "\(error)"])
                    continue
                }
                if let event = received(message, at: receivedAt) { await onEvent(event) }
            }
            outbox.finish()
            group.cancelAll()
        }
    }

    /// Runs the connection, handing events to `onEvent`, and calls `tick` every `interval`,
    /// until cancelled or the server refuses for good.
    public func run(onEvent: @escaping @Sendable (RoomClientEvent) async -> Void, every interval: Duration, tick: @escaping @Sendable () async -> Void)
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
