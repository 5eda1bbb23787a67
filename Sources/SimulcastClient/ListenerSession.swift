import Logging
import SimulcastCore

/// Keeps one player with the room: clock sync through the client, decisions by
/// `ListenerSessionCore` (the core's `FollowPolicy` with reports), commands to the player
/// driver. This runs the core on a room connection and carries out what it asks.
public actor ListenerSession {
    public let client: RoomConnection
    public let player: any PlayerDriver
    let clock: any LocalClock
    /// How often it reads its player and follows.
    public nonisolated let tickInterval: Duration
    let logger: Logger
    private var core: ListenerSessionCore
    /// Matches made on this machine (a listener's own files the server cannot see), by source id.
    let localMatcher: (@Sendable (TrackMetadata) async -> MatchResult)?
    private var localMatches: [String: MatchResult] = [:]

    public init(
        client: RoomConnection, player: any PlayerDriver, policy: FollowPolicy.Configuration, tickInterval: Duration = .milliseconds(100),
        reportInterval: Duration = .seconds(1), localMatcher: (@Sendable (TrackMetadata) async -> MatchResult)? = nil,
        outputLatencyMs: Double = 0, logger: Logger = Logger(label: "simulcast.listener")
    ) {
        self.client = client
        self.localMatcher = localMatcher
        self.player = player
        self.clock = client.clock
        var configuration = policy
        // Scheduled starts only where this player honours them.
        configuration.canScheduleStart = player.canScheduleStart
        self.core = ListenerSessionCore(policy: configuration, outputLatencyMs: outputLatencyMs, reportInterval: reportInterval)
        self.tickInterval = tickInterval
        self.logger = logger
    }

    public func status() async -> ListenerStatus {
        let uncertainty = await client.clockSync.uncertainty.map { Double($0) / 1000 }
        return core.status(at: clock.now(), clockUncertaintyMs: uncertainty)
    }

    /// Sends a reaction to the room (false when not connected).
    @discardableResult
    public func send(_ reaction: Reaction) async -> Bool {
        await client.send(.reaction(Wire.SendReaction(reaction: reaction.rawValue)))
    }

    public func run() async throws {
        try await client.run(onEvent: { event in await self.handle(event) }, every: tickInterval) {
            await self.step()
        }
    }

    /// What the connection said (the live loop and the simulator both call this).
    public func handle(_ event: RoomConnectionEvent) async {
        var event = event
        switch event {
        case .roomState(var state):
            // A listener's own files: the match is made here, not by the server.
            if let localMatcher, var track = state.track {
                let result: MatchResult
                if let known = localMatches[track.source.id] {
                    result = known
                } else {
                    result = await localMatcher(track.source)
                    if localMatches.count > 256 { localMatches.removeAll() }
                    localMatches[track.source.id] = result
                }
                track.setMatch(result, for: core.policy.configuration.service, storefront: core.policy.configuration.storefront)
                state.track = track
                event = .roomState(state)
            }
        case .serverError(let error):
            logger.warning("server error", metadata: ["code": "\(error.code.rawValue)", "message": "\(error.message)"])
        default:
            break
        }
        await perform(core.handle(event, at: clock.now()))
    }

    /// Reads the player and does what the policy says (every `tickInterval`).
    public func step() async {
        guard core.isSynchronised else { return }
        let reading = await player.read()
        let clockSync = await client.clockSync
        await perform(core.observed(reading, clockSync: clockSync))
    }

    private func perform(_ actions: [ListenerSessionCore.Action]) async {
        for action in actions {
            do {
                switch action {
                case .readPlayer: await step()
                case .start(let trackId, let position, let localTime): try await player.start(trackId: trackId, positionMs: position, atLocalTime: localTime)
                case .perform(let playerAction): try await player.perform(playerAction)
                case .send(let message): await client.send(message)
                }
            } catch {
                logger.warning("player command failed", metadata: ["command": "\(action)", "error": "\(error)"])
            }
        }
    }
}
