import Logging
import SimulcastCore

/// Leads a room from the Spotify or Music app on a Mac, as the seed's host app did: asks the
/// app over AppleScript once a second (faster after a change and just past a track's end,
/// through the same `PlayerPollTracker` as the Web API and MPRIS sources), keeps each answer
/// as an interval from asking to hearing back, and publishes track changes, pauses, resumes
/// and seeks. No developer app and no login: only the user's permission for the terminal to
/// script the app, whose refusal ends the source with the way to give it.
public struct MacAppHostSource: Sendable {
    public struct Configuration: Sendable {
        public var tracker: PlayerPollTracker.Configuration
        /// Measure osascript's start-up first and start each reading's span after it
        /// (`startupFloor`); off, the span runs from asking to hearing back.
        public var measuresStartup = true

        public init() {
            tracker = PlayerPollTracker.Configuration()
            // The app's own position is exact; each answer's span (an osascript start, tens of
            // ms) is its uncertainty, so a jump well past that is a seek.
            tracker.seekToleranceMs = 300
            tracker.pausedSeekToleranceMs = 100
            tracker.reanchorStepMs = 20
            tracker.playingIntervalMs = 1000
            tracker.pausedIntervalMs = 1000
            tracker.idleIntervalMs = 2000
            tracker.burstIntervalMs = 250
        }
    }

    let app: MacMusicApp
    let runner: any AppleScriptRunner
    let sink: any HostEventSink
    let clock: any LocalClock
    let configuration: Configuration
    let logger: Logger

    public init(
        app: MacMusicApp, runner: any AppleScriptRunner, sink: any HostEventSink, clock: any LocalClock, configuration: Configuration = Configuration(),
        logger: Logger = Logger(label: "simulcast.host.mac")
    ) {
        self.app = app
        self.runner = runner
        self.sink = sink
        self.clock = clock
        self.configuration = configuration
        self.logger = logger
    }

    /// Polls until cancelled or refused. `onEvent` sees each event published; `onStatus` each
    /// change of what the app is doing, in words for the host (not open, not playing, playing).
    public func run(onEvent: @Sendable (HostEvent) async -> Void = { _ in }, onStatus: @Sendable (String) async -> Void = { _ in }) async throws {
        var tracker = PlayerPollTracker(configuration: configuration.tracker)
        var saidStatus: String?
        let startup = configuration.measuresStartup ? await startupFloor() : 0
        while !Task.isCancelled {
            let answer: PolledAnswer<MacAppReading>
            do {
                // One question a poll: each costs an osascript start, and a second one would
                // not be any tighter. The app cannot have been read before the process could
                // run a script at all, so the reading's span starts that much after asking.
                let sentAt = clock.now()
                let output = try await runner.run(app.scriptLines)
                let receivedAt = clock.now()
                answer = PolledAnswer(MacAppReading.read(output, from: app), sentAt: min(sentAt.advanced(by: startup), receivedAt), receivedAt: receivedAt)
            } catch MacAppError.osascriptNotFound {
                throw MacAppError.osascriptNotFound
            } catch {
                logger.warning("asking the app failed", metadata: ["app": "\(app.applicationName)", "error": "\(error)"])
                tracker.failed(at: clock.now())
                try await clock.sleep(until: tracker.nextPoll(now: clock.now()))
                continue
            }
            if case .notAuthorized = answer.value { throw MacAppError.notAuthorized(app) }
            if let status = answer.value.status(of: app), status != saidStatus {
                saidStatus = status
                await onStatus(status)
            }
            if let content = Self.content(of: answer.value) {
                var started: TrackMetadata?
                if case .track(let track) = answer.value { started = track.metadata }
                for change in tracker.observe(answer.map { _ in content }) {
                    for event in PollChangeEvents.events(for: change, startedTrack: started) {
                        await sink.publish(event, onEvent: onEvent, onRefused: logger.refusedEvent)
                    }
                }
            } else if case .failed(let why) = answer.value {
                logger.warning("the app's answer was not used", metadata: ["app": "\(app.applicationName)", "why": "\(why)"])
                tracker.failed(at: clock.now())
            }
            try await clock.sleep(until: tracker.nextPoll(now: clock.now()))
        }
    }

    /// How long `osascript` takes, at the least, before it can ask the app anything: the
    /// quickest of a few runs of a script that asks nothing, less a margin for the process's
    /// exit. A run costs tens of ms, most of it before the question; without this the middle
    /// of each answer's span would stand that much before the reading, and the room ahead of
    /// the app by half of it. Zero when the runs fail (the span is then kept whole).
    func startupFloor() async -> Microseconds {
        var quickest: Microseconds?
        for _ in 0..<Self.startupRuns {
            let sentAt = clock.now()
            guard let output = try? await runner.run(Self.startupScript), output.status == 0 else { continue }
            let took = sentAt.distance(to: clock.now())
            quickest = min(quickest ?? took, took)
        }
        return max(0, (quickest ?? 0) - Self.exitMarginMicros)
    }

    static let startupScript = ["return \"ok\""]
    static let startupRuns = 5
    static let exitMarginMicros: Microseconds = 10_000

    /// What a reading tells the tracker, or nil when it tells nothing: a failure, or a track
    /// whose position the app did not give (held until an answer says where it is).
    static func content(of reading: MacAppReading) -> PlayerPollContent? {
        switch reading {
        case .notRunning, .stopped: return .nothing
        case .notAuthorized, .failed: return nil
        case .track(let track):
            guard let positionMs = track.positionMs else { return nil }
            return .track(id: track.id, durationMs: track.durationMs, progressMs: positionMs, playing: track.playing)
        }
    }
}
