import Logging
import SimulcastCore

/// Publishes the host's playback to the room. Every event is sent as it happens; while
/// playing, the state is re-sent periodically (re-anchored) so a missed message heals
/// itself, and it is re-sent after every reconnect.
public actor HostSession: HostEventSink {
    public let client: RoomConnection
    public private(set) var playback = HostPlayback()
    let clock: any LocalClock
    /// How often the state is re-sent while playing.
    public nonisolated let heartbeat: Duration
    private var synchronised = false
    /// When a refused state was last sent again (see `handle`).
    private var resentAfterRefusal: LocalTime?
    /// From the host's player to the host's ear, in ms: the published anchor says what the
    /// host hears, so the room follows the host's ear, not its player.
    public let outputLatencyMs: Double
    /// Where accepted song requests go; nil: a host whose player takes none.
    public let queue: (any HostQueue)?
    /// Requests already handed to `queue`, so a later state does not hand them again.
    private var offered: Set<String> = []
    /// Whether the host's player has said anything yet. Until it has, nothing is published: a
    /// host that just connected (after a restart, or taking a handed-over room) must not tell
    /// the room "nothing plays" before its player has been read.
    private var heardFromPlayer = false

    public init(client: RoomConnection, heartbeat: Duration = .seconds(5), outputLatencyMs: Double = 0, queue: (any HostQueue)? = nil) {
        self.client = client
        self.clock = client.clock
        self.heartbeat = heartbeat
        self.outputLatencyMs = outputLatencyMs
        self.queue = queue
    }

    /// Applies an event the host's player made and publishes the result. An event that does
    /// not fit the playback is refused with `HostPlayback.ApplyError`, and nothing is published.
    public func apply(_ event: HostEvent) async throws(HostPlayback.ApplyError) {
        try playback.apply(event)
        heardFromPlayer = true
        await publish()
    }

    /// An event typed or piped live (the script format without `at`): it happens now.
    public func apply(_ typed: PlaybackEvent) async throws(HostPlayback.ApplyError) {
        try await apply(typed.hostEvent(at: clock.now()))
    }

    /// Clock sync has its first burst: events are being published.
    public var isSynchronised: Bool { synchronised }

    /// Where the host is now: what a listener should hear.
    public func currentPosition() -> (track: TrackMetadata?, playing: Bool, positionMs: Double) {
        (playback.track, playback.playing, playback.positionMs(at: clock.now()))
    }

    /// What the connection said (the live loop and the simulator both call this).
    public func handle(_ event: RoomConnectionEvent) async {
        switch event {
        case .joined: synchronised = false
        case .clockSynchronised:
            synchronised = true
            await publish()
        case .clockStepped:
            // The anchor published since the step was placed on the wrong server time.
            if synchronised { await publish(intent: .reanchor) }
        case .serverError(let error) where error.code == .internalError:
            // The server could not save our state: sent again at once rather than at the next
            // heartbeat, at most once a second so a server whose store is down is not flooded.
            let now = clock.now()
            guard synchronised, resentAfterRefusal.map({ $0.distance(to: now) >= 1_000_000 }) ?? true else { return }
            resentAfterRefusal = now
            await publish()
        case .disconnected: synchronised = false
        case .roomState(let state): await queueAccepted(in: state)
        case .reaction, .serverError: break
        }
    }

    /// Hands each newly accepted request to the host's queue and tells the room what happened.
    private func queueAccepted(in state: RoomState) async {
        guard let queue else { return }
        offered.formIntersection(state.songRequests.map(\.id))
        for request in state.requestsToQueue where offered.insert(request.id).inserted {
            guard let track = request.match else { continue }
            do {
                try await queue.add(track)
                _ = await client.send(.requestQueued(Wire.RequestQueued(id: request.id, queued: true)))
            } catch {
                _ = await client.send(.requestQueued(Wire.RequestQueued(id: request.id, queued: false, reason: String(error.description.prefix(200)))))
            }
        }
    }

    /// Runs the connection and the heartbeat until cancelled.
    public func run() async throws {
        try await client.run(onEvent: { event in await self.handle(event) }, every: heartbeat) {
            await self.heartbeatDue()
        }
    }

    /// Re-sends the state while playing, so a lost message heals within one heartbeat.
    public func heartbeatDue() async {
        if playback.playing { await publish(intent: .reanchor) }
    }

    /// `intent`: nil for the last event's meaning; heartbeats and re-sends after a reconnect re-anchor.
    private func publish(intent: PlaybackIntent? = nil) async {
        guard synchronised, heardFromPlayer else { return }
        let now = clock.now()
        guard let serverTime = await client.serverTime(at: now) else { return }
        await client.send(.hostState(playback.snapshot(at: now, serverTime: serverTime, intent: intent, outputLatencyMs: outputLatencyMs)))
    }
}
