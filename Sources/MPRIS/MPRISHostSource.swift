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
    let sink: any PlaybackEventSink
    let clock: any LocalClock
    let configuration: Configuration
    let logger: Logger

    public init(
        player: MPRISPlayer, sink: any PlaybackEventSink, clock: any LocalClock = SystemClock(), configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "simulcast.host.mpris")
    ) {
        self.player = player
        self.sink = sink
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    public func run(onEvent: @Sendable (PlaybackEvent) async -> Void = { _ in }) async throws {
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
                for (event, at) in PollChangeEvents.events(for: change, startedTrack: started) {
                    await sink.publish(event, at: at, onEvent: onEvent, onRefused: logger.refusedEvent)
                }
            }
            await wake.wait(until: tracker.nextPoll(now: clock.now()), clock: clock)
        }
    }
}

/// What an MPRIS read means for the tracker, working around players whose `Position` never
/// moves while they play.
struct FrozenPositionFallback: Sendable {
    private var trackId: String?
    private var trackSeenAt = LocalTime(micros: 0)
    private var zeroReads = 0

    mutating func content(for state: MPRISPlayer.State, at time: LocalTime) -> PlayerPollContent {
        let metadata = state.metadata
        if metadata.trackObjectPath?.contains("/ad/") == true || metadata.url?.hasPrefix("spotify:ad:") == true { return .advert }
        guard state.status != .stopped, let identity = metadata.identity, metadata.track != nil else {
            trackId = nil
            return .nothing
        }
        if identity.id != trackId {
            trackId = identity.id
            trackSeenAt = time.advanced(by: -state.positionMicros)
            zeroReads = 0
        }
        let playing = state.status == .playing
        var positionMs = Double(state.positionMicros) / 1000
        if playing, state.positionMicros == 0 { zeroReads += 1 } else if state.positionMicros != 0 { zeroReads = 0 }
        if playing, zeroReads >= 2 { positionMs = trackSeenAt.milliseconds(to: time) }
        // The tracker sees new tags under the same id as a new track, so the room gets them:
        // mpv first names a file by its file name and reads its tags a moment later, and the
        // room had matched the file name and kept "no match" for the whole song.
        let tags = [metadata.title ?? "", metadata.artists.joined(separator: "\u{1F}"), metadata.album ?? ""].joined(separator: "\u{1E}")
        return .track(
            id: identity.id + "\u{1D}" + tags, durationMs: metadata.lengthMicros.map { Double($0) / 1000 }, progressMs: positionMs, playing: playing)
    }
}
