import HostSources
import Logging
import MPRIS
import SimulcastCore
import Synchronization

/// A host source in virtual time: the shipped `MacAppHostSource` polls a `SimulatedMacApp`
/// playing a seeded script (pauses, seeks, skips) and the room's view of the host (the events
/// it published, applied as the server applies them) is compared with where the app truly was,
/// every 50 ms. The Web API and MPRIS rows run the same loop with those sources' tracker
/// settings and their answers' delays, so the three differ only in what differs in life.
public enum HostSourceSimulation {
    public enum Source: String, CaseIterable, Sendable {
        case macSpotify = "mac:spotify"
        case macMusic = "mac:music"
        case mpris
        case spotifyWebAPI = "spotify-web-api"

        var app: MacMusicApp { self == .macMusic ? .music : .spotify }

        var tracker: PlayerPollTracker.Configuration {
            switch self {
            case .macSpotify, .macMusic: MacAppHostSource.Configuration().tracker
            case .mpris: MPRISHostSource.Configuration().tracker
            case .spotifyWebAPI: SpotifyHostSource.Configuration().tracker
            }
        }
    }

    public struct Setup: Sendable {
        public var source: Source
        public var tracks = 20
        public var seed: UInt64 = 1
        /// Before the app reads its position (an osascript start; a bus or HTTPS request's way there).
        public var startupMs: ClosedRange<Double>
        /// From the reading to the answer in hand.
        public var answerMs: ClosedRange<Double>
        /// Override whether the source measures osascript's start-up (`MacAppHostSource.Configuration.measuresStartup`).
        public var measuresStartup: Bool?

        /// Each source's documented delays: osascript starts in tens of ms (30-80) and answers
        /// in a few (2-10); a D-Bus property read takes 0.2-2 ms each way; the Web API's
        /// currently-playing 20-120 ms each way over the internet.
        public init(source: Source) {
            self.source = source
            switch source {
            case .macSpotify, .macMusic: (startupMs, answerMs) = (30...80, 2...10)
            case .mpris: (startupMs, answerMs) = (0.2...2, 0.2...2)
            case .spotifyWebAPI: (startupMs, answerMs) = (20...120, 20...120)
            }
        }
    }

    public struct Report: Encodable, Sendable {
        public var source: String
        public var tracks: Int
        public var questions: Int
        /// |room - app| in ms while both play the same track.
        public var errorP50Ms: Double
        public var errorP95Ms: Double
        public var errorP99Ms: Double
        /// Share of the music's time the room was on another track or state than the app
        /// (how long changes take to be seen).
        public var outOfStepPercent: Double
    }

    private actor Published: HostEventSink {
        var events: [(publishedAt: LocalTime, event: HostEvent)] = []
        let clock: any LocalClock
        init(clock: any LocalClock) { self.clock = clock }
        func apply(_ event: HostEvent) async throws { events.append((clock.now(), event)) }
    }

    public static func run(_ setup: Setup) async -> Report {
        let ending = LocalTime(micros: 0)
        let probe = SimulatedMacApp(
            app: setup.source.app, tracks: setup.tracks, seed: setup.seed, clock: SelfAdvancingClock(end: ending), startupMs: 0...0, answerMs: 0...0)
        let end = probe.endOfMusic.advanced(byMilliseconds: 5_000)
        let clock = SelfAdvancingClock(end: end)
        let app = SimulatedMacApp(
            app: setup.source.app, tracks: setup.tracks, seed: setup.seed, clock: clock, startupMs: setup.startupMs, answerMs: setup.answerMs)
        let published = Published(clock: clock)
        var configuration = MacAppHostSource.Configuration()
        configuration.tracker = setup.source.tracker
        // Only an osascript run has a start-up to measure; the others keep their whole span, as their sources do.
        configuration.measuresStartup = setup.measuresStartup ?? (setup.source == .macSpotify || setup.source == .macMusic)
        var quiet = Logger(label: "simulcast.bench.host-source")
        quiet.logLevel = .critical
        let source = MacAppHostSource(app: setup.source.app, runner: app, sink: published, clock: clock, configuration: configuration, logger: quiet)
        try? await source.run()

        // Replay: the truth from the script, the room's view from what was published by then.
        var truth = HostPlayback()
        var room = HostPlayback()
        let steps = app.steps
        let events = await published.events
        var (nextStep, nextEvent) = (0, 0)
        var errors: [Double] = []
        var outOfStep = 0
        var samples = 0
        var time = LocalTime(micros: 0)
        while time < probe.endOfMusic {
            while nextStep < steps.count, steps[nextStep].at <= time {
                try? truth.apply(steps[nextStep].event)
                nextStep += 1
            }
            while nextEvent < events.count, events[nextEvent].publishedAt <= time {
                try? room.apply(events[nextEvent].event)
                nextEvent += 1
            }
            samples += 1
            if let heard = truth.track, heard.id == room.track.map({ $0.id.replacing("music:", with: "") }), truth.playing == room.playing {
                if truth.playing { errors.append(abs(room.positionMs(at: time) - truth.positionMs(at: time))) }
            } else if truth.track != nil {
                outOfStep += 1
            }
            time = time.advanced(byMilliseconds: 50)
        }
        let percentiles = Percentiles(errors)
        return Report(
            source: setup.source.rawValue, tracks: setup.tracks, questions: app.questionsAsked, errorP50Ms: percentiles.at(0.5),
            errorP95Ms: percentiles.at(0.95), errorP99Ms: percentiles.at(0.99), outOfStepPercent: 100 * Double(outOfStep) / Double(max(samples, 1)))
    }
}
