import Logging
import SimulcastCore

/// Keeps one player with the room: clock sync through the client, decisions by the core's
/// `FollowPolicy`, commands to the player driver, and periodic reports to the server.
public actor ListenerSession {
    public let client: RoomConnection
    public let player: any PlayerDriver
    let clock: any LocalClock
    /// How often it reads its player and follows.
    public nonisolated let tickInterval: Duration
    let reportInterval: Duration
    let logger: Logger
    private var policy: FollowPolicy
    private var connected = false
    private var synchronised = false
    private var lastReport = ServerTime(micros: 0)
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
        self.policy = FollowPolicy(configuration: configuration)
        self.policy.outputLatencyMs = outputLatencyMs
        self.tickInterval = tickInterval
        self.reportInterval = reportInterval
        self.logger = logger
    }

    /// The last reaction, shown this long.
    static let reactionShownFor: Duration = .seconds(4)
    private var lastReaction: (reaction: Wire.RoomReaction, shownUntil: LocalTime)?

    public func status() async -> ListenerStatus {
        ListenerStatus(
            connected: connected,
            synchronised: synchronised,
            follow: policy.status,
            sourceTrack: policy.room?.track?.source,
            match: policy.targetMatch,
            syncErrorMs: policy.syncErrorMs,
            clockUncertaintyMs: await client.clockSync.uncertainty.map { Double($0) / 1000 },
            correctionsThisTrack: policy.correctionsThisTrack,
            outputLatencyMs: policy.outputLatencyMs,
            reaction: lastReaction.flatMap { clock.now().distance(to: $0.shownUntil) > 0 ? $0.reaction : nil }
        )
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
        switch event {
        case .joined:
            connected = true
            policy.connectionRestarted()
        case .clockSynchronised:
            synchronised = true
            await step()
        case .clockStepped:
            policy.clockStepped()
        case .roomState(var state):
            if let localMatcher, var track = state.track {
                let result: MatchResult
                if let known = localMatches[track.source.id] {
                    result = known
                } else {
                    result = await localMatcher(track.source)
                    if localMatches.count > 256 { localMatches.removeAll() }
                    localMatches[track.source.id] = result
                }
                track.setMatch(result, for: policy.configuration.service, storefront: policy.configuration.storefront)
                state.track = track
            }
            policy.roomStateReceived(state)
            await step()
        case .reaction(let reaction):
            lastReaction = (reaction, clock.now().advanced(by: Self.reactionShownFor))
        case .serverError(let error):
            logger.warning("server error", metadata: ["code": "\(error.code.rawValue)", "message": "\(error.message)"])
        case .disconnected:
            // Keep playing: the anchor stays valid while the server is away.
            connected = false
        }
    }

    /// Reads the player and does what the policy says (every `tickInterval`).
    public func step() async {
        guard synchronised else { return }
        let reading = await player.read()
        guard let serverTime = await client.serverTime(at: reading.time) else { return }
        let observation = reading.at(serverTime)
        for command in policy.playerObserved(observation) {
            do {
                if case .start(let trackId, let position, let serverTime) = command {
                    let localTime = await client.localTime(at: serverTime) ?? reading.time
                    try await player.start(trackId: trackId, positionMs: position, atLocalTime: localTime)
                } else if let action = command.action {
                    try await player.perform(action)
                }
            } catch {
                logger.warning("player command failed", metadata: ["command": "\(command)", "error": "\(error)"])
            }
        }
        if lastReport.distance(to: serverTime) >= reportInterval.inMicroseconds, connected {
            lastReport = serverTime
            let report = Wire.ListenerReport(
                trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, measuredAt: serverTime, syncErrorMs: policy.syncErrorMs,
                seq: policy.room?.seq, outputLatencyMs: policy.outputLatencyMs == 0 ? nil : policy.outputLatencyMs)
            await client.send(.listenerReport(report))
        }
    }
}
