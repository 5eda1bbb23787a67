import Logging
import SimulcastCore

/// Publishes the host's playback to the room. Every event is sent as it happens; while
/// playing, the state is re-sent periodically (re-anchored) so a missed message heals
/// itself, and it is re-sent after every reconnect. The decisions are `HostSessionCore`'s;
/// this runs it on a room connection and carries out what it asks (send, queue).
public actor HostSession: HostEventSink {
    public let client: RoomConnection
    let clock: any LocalClock
    /// How often the state is re-sent while playing.
    public nonisolated let heartbeat: Duration
    /// Where accepted song requests go; nil: a host whose player takes none.
    public let queue: (any HostQueue)?
    private var core: HostSessionCore

    public init(client: RoomConnection, heartbeat: Duration = .seconds(5), outputLatencyMs: Double = 0, queue: (any HostQueue)? = nil) {
        self.client = client
        self.clock = client.clock
        self.heartbeat = heartbeat
        self.queue = queue
        self.outputLatencyMs = outputLatencyMs
        self.core = HostSessionCore(outputLatencyMs: outputLatencyMs, takesRequests: queue != nil)
    }

    public var playback: HostPlayback { core.playback }
    /// From the host's player to the host's ear, in ms (`HostSessionCore.outputLatencyMs`).
    public let outputLatencyMs: Double

    /// Applies an event the host's player made and publishes the result. An event that does
    /// not fit the playback is refused with `HostPlayback.ApplyError`, and nothing is published.
    public func apply(_ event: HostEvent) async throws(HostPlayback.ApplyError) {
        await perform(try core.apply(event))
    }

    /// An event typed or piped live (the script format without `at`): it happens now.
    public func apply(_ typed: PlaybackEvent) async throws(HostPlayback.ApplyError) {
        try await apply(typed.hostEvent(at: clock.now()))
    }

    /// Clock sync has its first burst: events are being published.
    public var isSynchronised: Bool { core.isSynchronised }

    /// Where the host is now: what a listener should hear.
    public func currentPosition() -> (track: TrackMetadata?, playing: Bool, positionMs: Double) {
        core.position(at: clock.now())
    }

    /// What the connection said (the live loop and the simulator both call this).
    public func handle(_ event: RoomConnectionEvent) async {
        await perform(core.handle(event, at: clock.now()))
    }

    /// Runs the connection and the heartbeat until cancelled.
    public func run() async throws {
        try await client.run(onEvent: { event in await self.handle(event) }, every: heartbeat) {
            await self.heartbeatDue()
        }
    }

    /// Re-sends the state while playing, so a lost message heals within one heartbeat.
    public func heartbeatDue() async {
        await perform(core.heartbeatDue())
    }

    private func perform(_ actions: [HostSessionCore.Action]) async {
        for action in actions {
            switch action {
            case .publish(let intent):
                let now = clock.now()
                guard let serverTime = await client.serverTime(at: now) else { continue }
                await client.send(.hostState(core.hostState(at: now, serverTime: serverTime, intent: intent)))
            case .queue(let id, let track):
                guard let queue else { continue }
                do {
                    try await queue.add(track)
                    _ = await client.send(.requestQueued(Wire.RequestQueued(id: id, queued: true)))
                } catch {
                    _ = await client.send(.requestQueued(Wire.RequestQueued(id: id, queued: false, reason: String(error.description.prefix(200)))))
                }
            }
        }
    }
}
