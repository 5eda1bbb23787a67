/// A player a listener controls: the simulated one, a printer, MPRIS, a browser page.
public protocol PlayerDriver: Sendable {
    func perform(_ action: PlayerAction) async throws
    /// Loads the track if needed and starts it from `positionMs` at `localTime` on this
    /// machine's clock. Only called for players that can start on schedule.
    func start(trackId: String, positionMs: Double, atLocalTime localTime: LocalTime) async throws
    /// Reads where the player is now; must be cheap, it is called several times a second.
    func read() async -> LocalPlayerReading
    /// Whether `start(trackId:positionMs:atLocalTime:)` is honoured precisely.
    var canScheduleStart: Bool { get }
}

extension PlayerDriver {
    public var canScheduleStart: Bool { false }

    /// Players without scheduling start at once; the follow policy then corrects.
    public func start(trackId: String, positionMs: Double, atLocalTime localTime: LocalTime) async throws {
        try await perform(.load(trackId: trackId, positionMs: positionMs, play: true))
    }
}
