import SimulcastCore

/// The timing of one participant's room connection, as a state machine that says what to do
/// next: which server to connect to, when the next clock ping is due (a dense burst, then a
/// steady pace, and another burst after a clock step), and after a connection ends, how long
/// to back off before connecting again. `RoomConnection`
/// runs it over a WebSocket on the real clock; the simulator runs the same driver over its
/// network in virtual time, so reconnects, backoff and the ping schedule are one code.
public struct ConnectionDriver: Sendable {
    /// Pings sent at connect, `burstSpacing` apart, before the steady `pingInterval`
    /// (docs/PROTOCOL.md states these; a test holds it to them).
    public static let burstSize = 16
    public static let burstSpacing = Duration.milliseconds(40)
    public static let defaultPingInterval = Duration.seconds(2)
    /// Backoff after a failed or ended connection: 0.25 s, doubling to 5 s, ±20 %; it starts
    /// over once a connection lasted `stableAfter`.
    public static let firstBackoffSeconds = 0.25
    public static let maximumBackoffSeconds = 5.0
    public static let stableAfter = Duration.seconds(10)

    /// The room's WebSocket URL on each server, in the order they are tried.
    public let urls: [String]
    public let pingInterval: Duration
    private var serverIndex = 0
    private var backoffSeconds = ConnectionDriver.firstBackoffSeconds
    /// Numbers the connections, so a ping scheduled for one that ended is not sent on the next.
    public private(set) var connection = 0
    public private(set) var isOpen = false
    private var openedAt: LocalTime?
    private var pingsSent = 0
    /// Dense pings still owed after a clock step (the connect burst again).
    private var burstPingsOwed = 0

    public init(urls: [String], pingInterval: Duration = ConnectionDriver.defaultPingInterval) {
        self.urls = urls
        self.pingInterval = pingInterval
    }

    /// The server to connect to now.
    public var url: String { urls[serverIndex % urls.count] }

    /// A connection opened: its number (its first ping is due at once).
    @discardableResult
    public mutating func opened(at now: LocalTime) -> Int {
        connection += 1
        isOpen = true
        openedAt = now
        pingsSent = 0
        burstPingsOwed = 0
        return connection
    }

    /// A ping of `connection` is due: whether to send it (false: that connection has ended),
    /// and the wait until the next one.
    public mutating func pingDue(connection due: Int) -> Duration? {
        guard isOpen, due == connection else { return nil }
        pingsSent += 1
        if pingsSent < Self.burstSize { return Self.burstSpacing }
        if burstPingsOwed > 0 {
            burstPingsOwed -= 1
            return Self.burstSpacing
        }
        return pingInterval
    }

    /// Clock sync saw a step: the window is rebuilt with another dense burst.
    public mutating func clockStepped() { burstPingsOwed = Self.burstSize - 1 }

    /// The connection ended (or could not be made) at `now`: the wait before connecting again,
    /// to the next server, with jitter drawn from `random`.
    public mutating func closed(at now: LocalTime, using random: inout some RandomNumberGenerator) -> Duration {
        if let openedAt, openedAt.distance(to: now) > Self.stableAfter.inMicroseconds { backoffSeconds = Self.firstBackoffSeconds }
        isOpen = false
        openedAt = nil
        serverIndex = (serverIndex + 1) % urls.count
        let delay = backoffSeconds * Double.random(in: 0.8...1.2, using: &random)
        backoffSeconds = min(backoffSeconds * 2, Self.maximumBackoffSeconds)
        return .microseconds(Int64(delay * 1_000_000))
    }
}
