import DBus
import Logging
import SimulcastCore

/// Leads a room from a Linux player over MPRIS (the Spotify desktop client, VLC, mpv...).
/// Track changes and pauses come from `PropertiesChanged`, seeks from `Seeked`, each of which
/// triggers an immediate read; the position is polled too, as the spec does not announce
/// it. The same tracker as the Web API source turns reads into anchors.
///
/// Spotify's Linux client has long reported `Position` 0; when a playing track's position
/// stays at 0, the source falls back to counting from when it saw the track start.
public struct MPRISHostSource: Sendable {
    public struct Configuration: Sendable {
        public var tracker: PlayerPollTracker.Configuration

        public init() {
            tracker = PlayerPollTracker.Configuration()
            // A local read is exact to a millisecond or two: smaller jumps are real seeks.
            tracker.seekToleranceMs = 400
            tracker.reanchorStepMs = 20
            tracker.playingIntervalMs = 1000
            tracker.pausedIntervalMs = 1000
            tracker.idleIntervalMs = 2000
            tracker.burstIntervalMs = 250
        }
    }

    let player: MPRISPlayer
    let sink: any HostEventSink
    let clock: any LocalClock
    let configuration: Configuration
    let logger: Logger

    public init(
        player: MPRISPlayer, sink: any HostEventSink, clock: any LocalClock, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "simulcast.host.mpris")
    ) {
        self.player = player
        self.sink = sink
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    public func run(onEvent: @Sendable (HostEvent) async -> Void = { _ in }) async throws {
        try await player.connection.addMatch(player.signalRule)
        let signals = await player.connection.signals()
        let wake = WakeSignal()
        let listener = Task {
            for await signal in signals where signal.member == "PropertiesChanged" || signal.member == "Seeked" {
                await wake.signal()
            }
        }
        defer { listener.cancel() }
        var tracker = PlayerPollTracker(configuration: configuration.tracker)
        var frozen = FrozenPositionFallback()
        while !Task.isCancelled {
            let timed: PolledAnswer<MPRISPlayer.State>
            do {
                timed = try await PolledAnswer.ask(clock: clock) { try await player.state() }
            } catch DBusError.disconnected {
                throw DBusError.disconnected
            } catch {
                logger.warning("reading the player failed", metadata: ["error": "\(error)"])
                let now = clock.now()
                tracker.failed(at: now)
                await wake.wait(until: tracker.nextPoll(now: now), clock: clock)
                continue
            }
            let content = frozen.content(for: timed.value, at: timed.midpoint)
            for change in tracker.observe(timed.map { _ in content }) {
                var started: TrackMetadata?
                if case .started = change { started = timed.value.metadata.track }
                for event in PollChangeEvents.events(for: change, startedTrack: started) {
                    await sink.publish(event, onEvent: onEvent, onRefused: logger.refusedEvent)
                }
            }
            await wake.wait(until: tracker.nextPoll(now: clock.now()), clock: clock)
        }
    }
}
