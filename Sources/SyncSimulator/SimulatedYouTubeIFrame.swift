import SimulcastClient
import SimulcastCore

/// YouTube's embedded player as the simulator plays it, with what makes it hard to follow:
/// every load and seek buffers (300 to 600 ms), a load may first show a pre-roll ad (the
/// state says playing while the video's time stands still; a seek cannot skip it), and the
/// iframe posts its time only every 250 ms, a few milliseconds before the page has it, so
/// `getCurrentTime` is a step behind. A seek while paused buffers too, and then waits; played
/// from there it starts within tens of milliseconds. Its audio runs a few tens of ppm off,
/// like any device's.
/// The Swift follow code drives it through `YouTubeIFramePlayer`; the error is measured on
/// what it truly plays.
public actor SimulatedYouTubeIFrame: YouTubeIFrame, SimulatedSound {
    /// The figures `simulcast-bench sync --scenario youtube` uses; each can be changed there.
    public struct Configuration: Hashable, Sendable {
        public init() {}

        /// Buffering after a load or a seek, ms.
        public var bufferMs: ClosedRange<Double> = 300...600
        /// From `playVideo` on a paused, buffered video to its sound, ms.
        public var resumeMs: ClosedRange<Double> = 5...40
        /// The iframe posts its time this often, ms; `getCurrentTime` gives the last post.
        public var reportIntervalMs = 250.0
        /// From the iframe's post to the page having it, ms (drawn once per player).
        public var reportDelayMs: ClosedRange<Double> = 2...15
        /// The chance that a load shows a pre-roll ad first, and the ad's length, seconds.
        public var adChance = 0.25
        public var adSeconds: ClosedRange<Double> = 5...15
        public var driftPPM = 0.0
    }

    enum Phase: Sendable {
        case unstarted
        /// Silent until `until` (true time); then the ad, if one is due, or the video from `positionMs`.
        case buffering(positionMs: Double, until: Int64, play: Bool)
        /// An ad until `until`; the video's time stands at `positionMs`.
        case ad(positionMs: Double, until: Int64)
        case playing(fromMs: Double, since: Int64)
        case paused(positionMs: Double)
        case cued(positionMs: Double)

        var state: SteppedTimeReader.State {
            switch self {
            case .unstarted: .unstarted
            case .buffering: .buffering
            case .ad, .playing: .playing
            case .paused: .paused
            case .cued: .cued
            }
        }
    }

    let configuration: Configuration
    let trueClock: VirtualClock
    let deviceClock: any LocalClock
    private var random: SeededGenerator
    private var videoId: String?
    private var phase = Phase.unstarted
    /// An ad waits for the load's buffering to end.
    private var adDue: Int64?
    /// True time of the first time post; posts follow every `reportIntervalMs`.
    private let reportPhase: Int64
    private let reportDelay: Int64
    private var stateChanges: [(state: SteppedTimeReader.State, at: LocalTime)] = []
    /// The sound, change by change (true time), for what reaches an ear an output latency later.
    private var sounds: [(at: Int64, videoId: String?, phase: Phase)] = []

    init(configuration: Configuration, trueClock: VirtualClock, deviceClock: any LocalClock, seed: UInt64) {
        self.configuration = configuration
        self.trueClock = trueClock
        self.deviceClock = deviceClock
        var random = SeededGenerator(seed: seed)
        reportPhase = Int64(Double.random(in: 0..<configuration.reportIntervalMs, using: &random) * 1000)
        reportDelay = Int64(Double.random(in: configuration.reportDelayMs, using: &random) * 1000)
        self.random = random
    }

    /// Ads shown, and seeks asked while one played (an ad cannot be skipped by a seek: a
    /// follower that chases it only piles seeks up), for the report.
    public private(set) var adsShown = 0
    public private(set) var seeksDuringAds = 0

    public func loadVideo(id: String, startSeconds: Double) {
        let now = settle()
        videoId = id
        adDue =
            Double.random(in: 0..<1, using: &random) < configuration.adChance
            ? Int64(Double.random(in: configuration.adSeconds, using: &random) * 1_000_000) : nil
        change(to: .buffering(positionMs: startSeconds * 1000, until: now + buffering(), play: true), at: now)
    }

    public func cueVideo(id: String, startSeconds: Double) {
        let now = settle()
        videoId = id
        adDue = nil
        change(to: .cued(positionMs: startSeconds * 1000), at: now)
    }

    public func seek(toSeconds seconds: Double) {
        let now = settle()
        switch phase {
        case .ad: seeksDuringAds += 1
        case .unstarted: return
        case .playing, .buffering: change(to: .buffering(positionMs: seconds * 1000, until: now + buffering(), play: true), at: now)
        case .paused, .cued: change(to: .buffering(positionMs: seconds * 1000, until: now + buffering(), play: false), at: now)
        }
    }

    public func playVideo() {
        let now = settle()
        switch phase {
        case .paused(let position):
            change(to: .playing(fromMs: position, since: now + Int64(Double.random(in: configuration.resumeMs, using: &random) * 1000)), at: now)
        case .cued(let position): change(to: .buffering(positionMs: position, until: now + buffering(), play: true), at: now)
        case .buffering(let position, let until, _): phase = .buffering(positionMs: position, until: until, play: true)
        default: return
        }
    }

    public func pauseVideo() {
        let now = settle()
        switch phase {
        case .playing, .ad: change(to: .paused(positionMs: position(of: phase, at: now)), at: now)
        case .buffering(let position, let until, _): phase = .buffering(positionMs: position, until: until, play: false)
        default: return
        }
    }

    public func stopVideo() {
        let now = settle()
        videoId = nil
        change(to: .unstarted, at: now)
    }

    public func playerState() -> SteppedTimeReader.State {
        settle()
        return phase.state
    }

    public func currentTime() -> Double {
        let now = settle()
        // The last post the page has: posted at a tick at least `reportDelay` ago.
        let interval = Int64(configuration.reportIntervalMs * 1000)
        let heardOf = now - reportDelay - reportPhase
        let tick = heardOf < 0 ? now : reportPhase + (heardOf / interval) * interval
        let posted = sounds.last(where: { $0.at <= tick }).map { position(of: $0.phase, at: tick) } ?? 0
        return posted / 1000
    }

    public func takeStateChanges() -> [(state: SteppedTimeReader.State, at: LocalTime)] {
        settle()
        defer { stateChanges = [] }
        return stateChanges
    }

    func audible(at time: Int64) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        switch phase {
        case .playing: return (videoId, true, position(of: phase, at: time))
        // An ad is heard, not the song.
        case .ad: return (nil, true, 0)
        default: return (videoId, false, position(of: phase, at: time))
        }
    }

    func heard(at time: Int64, outputLatencyMs: Double) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        let then = time - Int64(outputLatencyMs * 1000)
        guard let sound = sounds.last(where: { $0.at <= then }) else { return (nil, false, 0) }
        switch sound.phase {
        case .playing: return (sound.videoId, true, position(of: sound.phase, at: then))
        case .ad: return (nil, true, 0)
        default: return (sound.videoId, false, position(of: sound.phase, at: then))
        }
    }

    /// Moves through what has ended by now (buffering, an ad): returns now, true time.
    @discardableResult
    private func settle(at time: Int64? = nil) -> Int64 {
        let now = time ?? trueClock.micros
        if case .buffering(let position, let until, let play) = phase, now >= until {
            if !play {
                change(to: .paused(positionMs: position), at: until)
            } else if let ad = adDue {
                adDue = nil
                adsShown += 1
                change(to: .ad(positionMs: position, until: until + ad), at: until)
            } else {
                change(to: .playing(fromMs: position, since: until), at: until)
            }
        }
        if case .ad(let position, let until) = phase, now >= until {
            // Not a state change: the player was "playing" all along; its time starts to move.
            phase = .playing(fromMs: position, since: until)
            sounds.append((until, videoId, phase))
        }
        return now
    }

    private func change(to next: Phase, at time: Int64) {
        let changed = next.state != phase.state
        phase = next
        sounds.append((time, videoId, next))
        if sounds.count > 32 { sounds.removeFirst(sounds.count - 32) }
        // The page hears of it then, on its own clock.
        if changed { stateChanges.append((next.state, deviceClock.now().advanced(by: time - trueClock.micros))) }
    }

    private func position(of phase: Phase, at time: Int64) -> Double {
        switch phase {
        case .unstarted: 0
        case .buffering(let position, _, _), .ad(let position, _), .paused(let position), .cued(let position): position
        case .playing(let from, let since):
            PlaybackPosition.after(from, elapsedMicros: max(0, time - since), playing: true, rate: 1 + configuration.driftPPM / 1_000_000)
        }
    }

    private func buffering() -> Int64 { Int64(Double.random(in: configuration.bufferMs, using: &random) * 1000) }
}
