import SimulcastCore

/// A listener session's decisions as a value: the follow policy fed with the room's states
/// and the player's readings, the commands for the player, and the reports to the server.
/// Events in, actions out; no I/O (the player is read by `ListenerSession`, which runs this on
/// a room connection), and the clock sync comes in as a value with each reading.
public struct ListenerSessionCore: Sendable {
    /// What the session has to do for a decision.
    public enum Action: Hashable, Sendable {
        /// Read the player and pass the reading to `observed(_:clockSync:)`.
        case readPlayer
        /// Start a track at a position at a moment on this machine's clock.
        case start(trackId: String, positionMs: Double, atLocalTime: LocalTime)
        case perform(PlayerAction)
        case send(WireMessage)
    }

    public private(set) var policy: FollowPolicy
    public private(set) var isConnected = false
    /// Clock sync has its first burst: room states are being followed.
    public private(set) var isSynchronised = false
    let reportInterval: Duration
    private var lastReport = ServerTime(micros: 0)
    private var lastReaction: (reaction: Wire.RoomReaction, shownUntil: LocalTime)?
    /// The player has been busy with something of its own (an ad, a stall) since the last
    /// reading that was not.
    private var playerWaited = false

    /// The last reaction, shown this long.
    static let reactionShownFor: Duration = .seconds(4)

    public init(policy: FollowPolicy.Configuration, outputLatencyMs: Double = 0, reportInterval: Duration = .seconds(1)) {
        self.policy = FollowPolicy(configuration: policy)
        self.policy.outputLatencyMs = outputLatencyMs
        self.reportInterval = reportInterval
    }

    /// What the connection said, at `now` on this machine's clock. A room state arrives with
    /// this listener's local match already set (`ListenerSession` asks its local matcher first).
    public mutating func handle(_ event: RoomConnectionEvent, at now: LocalTime) -> [Action] {
        switch event {
        case .joined:
            isConnected = true
            policy.connectionRestarted()
            return []
        case .clockSynchronised:
            isSynchronised = true
            return [.readPlayer]
        case .clockStepped:
            policy.clockStepped()
            return []
        case .roomState(let state):
            policy.roomStateReceived(state)
            return [.readPlayer]
        case .reaction(let reaction):
            lastReaction = (reaction, now.advanced(by: Self.reactionShownFor))
            return []
        case .serverError:
            return []
        case .disconnected:
            // Keep playing: the anchor stays valid while the server is away.
            isConnected = false
            return []
        }
    }

    /// A reading of the player: what the policy says to do, and a report when one is due.
    public mutating func observed(_ reading: LocalPlayerReading, clockSync: ClockSync) -> [Action] {
        guard isSynchronised, let serverTime = clockSync.serverTime(at: reading.time) else { return [] }
        var actions: [Action] = []
        // A player busy with an ad or a stall is waited for, not chased: the policy is not asked
        // until it plays again, and then starts from what it had learned (`playerWaited`).
        if reading.waiting {
            playerWaited = true
        } else if playerWaited {
            playerWaited = false
            policy.playerWaited()
        }
        for command in reading.waiting ? [] : policy.playerObserved(reading.at(serverTime)) {
            if case .start(let trackId, let position, let startAt) = command {
                actions.append(.start(trackId: trackId, positionMs: position, atLocalTime: clockSync.localTime(at: startAt) ?? reading.time))
            } else if let action = command.action {
                actions.append(.perform(action))
            }
        }
        if lastReport.distance(to: serverTime) >= reportInterval.inMicroseconds, isConnected {
            lastReport = serverTime
            let report = Wire.ListenerReport(
                trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, measuredAt: serverTime, syncErrorMs: policy.syncErrorMs,
                seq: policy.room?.seq, outputLatencyMs: policy.outputLatencyMs == 0 ? nil : policy.outputLatencyMs)
            actions.append(.send(.listenerReport(report)))
        }
        return actions
    }

    /// The view for status lines at `now`, with the clock sync's uncertainty.
    public func status(at now: LocalTime, clockUncertaintyMs: Double?) -> ListenerStatus {
        ListenerStatus(
            connected: isConnected,
            synchronised: isSynchronised,
            follow: policy.status,
            sourceTrack: policy.room?.track?.source,
            match: policy.targetMatch,
            syncErrorMs: policy.syncErrorMs,
            clockUncertaintyMs: clockUncertaintyMs,
            correctionsThisTrack: policy.correctionsThisTrack,
            outputLatencyMs: policy.outputLatencyMs,
            reaction: lastReaction.flatMap { now.distance(to: $0.shownUntil) > 0 ? $0.reaction : nil }
        )
    }
}
