import SimulcastCore

/// A host session's decisions as a value: the host's playback, when it is published, and
/// which accepted song requests go to the host's player. Events in, actions out; no I/O, no
/// clock of its own (the times come in with the events). `HostSession` runs it on a room
/// connection and carries the actions out.
public struct HostSessionCore: Sendable {
    /// What the session has to do for a decision.
    public enum Action: Hashable, Sendable {
        /// Send the host's state to the room, anchored at the server time of the moment it is
        /// sent (`hostState(at:serverTime:intent:)`); `intent` nil: the last event's meaning.
        case publish(intent: PlaybackIntent?)
        /// Hand an accepted request's track to the host's player's queue, then tell the room.
        case queue(requestId: String, track: TrackMetadata)
    }

    public private(set) var playback = HostPlayback()
    /// From the host's player to the host's ear, in ms: the published anchor says what the
    /// host hears, so the room follows the host's ear, not its player.
    public let outputLatencyMs: Double
    /// Whether the host's player takes requests (a `HostQueue`); without one none is handed on.
    let takesRequests: Bool
    /// Clock sync has its first burst: events are being published.
    public private(set) var isSynchronised = false
    /// When a refused state was last sent again (see `handle`).
    private var resentAfterRefusal: LocalTime?
    /// Requests already handed to the queue, so a later state does not hand them again.
    private var offered: Set<String> = []
    /// Whether the host's player has said anything yet. Until it has, nothing is published: a
    /// host that just connected (after a restart, or taking a handed-over room) must not tell
    /// the room "nothing plays" before its player has been read.
    private var heardFromPlayer = false

    public init(outputLatencyMs: Double = 0, takesRequests: Bool = false) {
        self.outputLatencyMs = outputLatencyMs
        self.takesRequests = takesRequests
    }

    /// An event the host's player made. One that does not fit the playback is refused with
    /// `HostPlayback.ApplyError`, and nothing is published.
    public mutating func apply(_ event: HostEvent) throws(HostPlayback.ApplyError) -> [Action] {
        try playback.apply(event)
        heardFromPlayer = true
        return publish()
    }

    /// What the connection said, at `now` on the host's clock.
    public mutating func handle(_ event: RoomConnectionEvent, at now: LocalTime) -> [Action] {
        switch event {
        case .joined:
            isSynchronised = false
            return []
        case .clockSynchronised:
            isSynchronised = true
            return publish()
        case .clockStepped:
            // The anchor published since the step was placed on the wrong server time.
            return isSynchronised ? publish(intent: .reanchor) : []
        case .serverError(let error) where error.code == .internalError:
            // The server could not save our state: sent again at once rather than at the next
            // heartbeat, at most once a second so a server whose store is down is not flooded.
            guard isSynchronised, resentAfterRefusal.map({ $0.distance(to: now) >= 1_000_000 }) ?? true else { return [] }
            resentAfterRefusal = now
            return publish()
        case .disconnected:
            isSynchronised = false
            return []
        case .roomState(let state):
            return requestsToQueue(in: state)
        case .reaction, .serverError:
            return []
        }
    }

    /// The heartbeat: while playing the state is sent again, so a lost message heals within one.
    public func heartbeatDue() -> [Action] {
        playback.playing ? publish(intent: .reanchor) : []
    }

    /// The message a `publish` action sends, for `now` on the host's clock and the server time then.
    public func hostState(at now: LocalTime, serverTime: ServerTime, intent: PlaybackIntent?) -> PlaybackSnapshot {
        playback.snapshot(at: now, serverTime: serverTime, intent: intent, outputLatencyMs: outputLatencyMs)
    }

    /// Where the host is at `now`: what a listener should hear.
    public func position(at now: LocalTime) -> (track: TrackMetadata?, playing: Bool, positionMs: Double) {
        (playback.track, playback.playing, playback.positionMs(at: now))
    }

    /// Each newly accepted request, once.
    private mutating func requestsToQueue(in state: RoomState) -> [Action] {
        guard takesRequests else { return [] }
        offered.formIntersection(state.songRequests.map(\.id))
        var actions: [Action] = []
        for request in state.requestsToQueue where offered.insert(request.id).inserted {
            guard let track = request.match else { continue }
            actions.append(.queue(requestId: request.id, track: track))
        }
        return actions
    }

    /// Nothing is published before clock sync or before the player has spoken.
    private func publish(intent: PlaybackIntent? = nil) -> [Action] {
        isSynchronised && heardFromPlayer ? [.publish(intent: intent)] : []
    }
}
