import SimulcastCore

/// A player that behaves like a real one, so the follow logic has real problems to solve:
/// starting takes 150-600 ms, a seek rebuffers for a while, and its audio clock runs a few
/// tens of ppm off. Its position is reported truthfully, like a real player's position.
public actor SimulatedPlayer: PlayerDriver {
    public struct Configuration: Sendable {
        public var startLatencyMs: ClosedRange<Double>
        public var seekLatencyMs: ClosedRange<Double>
        /// Audio clock error; positive plays fast.
        public var driftPPM: Double
        /// Can prepare and start at a set instant, to within `schedulePrecisionMs`.
        public var canScheduleStart: Bool
        public var schedulePrecisionMs: Double

        public init(
            startLatencyMs: ClosedRange<Double> = 150...600, seekLatencyMs: ClosedRange<Double> = 60...140, driftPPM: Double = 0,
            canScheduleStart: Bool = false, schedulePrecisionMs: Double = 3
        ) {
            self.startLatencyMs = startLatencyMs
            self.seekLatencyMs = seekLatencyMs
            self.driftPPM = driftPPM
            self.canScheduleStart = canScheduleStart
            self.schedulePrecisionMs = schedulePrecisionMs
        }
    }

    enum Phase: Sendable {
        case idle
        /// Silent until `until` (true time), then plays from `positionMs`.
        case buffering(positionMs: Double, until: Int64)
        case playing(fromMs: Double, since: Int64)
        case paused(positionMs: Double)
    }

    public let configuration: Configuration
    /// Physical time: when sound actually comes out.
    let trueClock: any LocalClock
    /// The device's own clock, which stamps readings (may be offset and drifting).
    let deviceClock: any LocalClock
    private var random: SeededGenerator
    public private(set) var trackId: String?
    private var phase: Phase = .idle
    /// Another track prepared to start at an instant (true time) while this one plays on, as
    /// AVPlayer's queue and Web Audio do: the switch happens in `settle`.
    private var scheduledSwitch: (trackId: String, positionMs: Double, at: Int64)?
    /// The sound, change by change (true time), for what reaches an ear an output latency later.
    private var sounds: [(at: Int64, trackId: String?, phase: Phase)] = []

    public init(configuration: Configuration = .init(), trueClock: any LocalClock, deviceClock: any LocalClock, seed: UInt64) {
        self.configuration = configuration
        self.trueClock = trueClock
        self.deviceClock = deviceClock
        self.random = SeededGenerator(seed: seed)
    }

    public func perform(_ action: PlayerAction) async throws {
        let now = trueClock.now().micros
        settle(at: now)
        scheduledSwitch = nil
        switch action {
        case .load(let id, let position, let play):
            trackId = id
            phase = play ? .buffering(positionMs: position, until: now + latency(configuration.startLatencyMs)) : .paused(positionMs: position)
        case .seek(let position, let play):
            guard trackId != nil else { return }
            let wasPlaying: Bool
            switch phase {
            case .playing, .buffering: wasPlaying = true
            default: wasPlaying = false
            }
            phase = (play || wasPlaying) ? .buffering(positionMs: position, until: now + latency(configuration.seekLatencyMs)) : .paused(positionMs: position)
        case .pause:
            phase = .paused(positionMs: position(at: now))
        case .stop:
            trackId = nil
            phase = .idle
        }
        recordSound(at: now)
    }

    public nonisolated var canScheduleStart: Bool { configuration.canScheduleStart }

    /// Prepares (taking its start or seek latency) and starts at the instant asked, give or
    /// take its precision; if preparing takes longer, it starts when ready, late.
    public func start(trackId id: String, positionMs: Double, atLocalTime localTime: LocalTime) async throws {
        guard configuration.canScheduleStart else {
            try await perform(.load(trackId: id, positionMs: positionMs, play: true))
            return
        }
        let now = trueClock.now().micros
        settle(at: now)
        let ready = now + latency(id == trackId ? configuration.seekLatencyMs : configuration.startLatencyMs)
        // The device's clock says when; convert that instant to true time.
        let dueTrue = now + deviceClock.now().distance(to: localTime)
        let jitter = Int64(Double.random(in: -configuration.schedulePrecisionMs...configuration.schedulePrecisionMs, using: &random) * 1000)
        if id != trackId, case .playing = phase {
            // The next track is prepared while this one plays to the instant.
            scheduledSwitch = (id, positionMs, max(ready, dueTrue) + jitter)
            return
        }
        scheduledSwitch = nil
        trackId = id
        phase = .buffering(positionMs: positionMs, until: max(ready, dueTrue) + jitter)
        recordSound(at: now)
    }

    public func read() async -> LocalPlayerReading {
        let now = trueClock.now().micros
        settle(at: now)
        let playing: Bool
        if case .playing = phase { playing = true } else { playing = false }
        return LocalPlayerReading(trackId: trackId, playing: playing, positionMs: position(at: now), at: deviceClock.now())
    }

    /// What comes out of the speaker now, by the true clock.
    public func audibleNow() -> (trackId: String?, playing: Bool, positionMs: Double) { audible(at: trueClock.now().micros) }

    /// What is audible at true time `time` (microseconds), for measuring sync error from outside.
    public func audible(at time: Int64) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        if case .playing = phase { return (trackId, true, position(at: time)) }
        return (trackId, false, position(at: time))
    }

    /// What an ear hears at true time `time` through an output `outputLatencyMs` long: what
    /// came out of the player that much earlier (the track before a change, for a while).
    public func heard(at time: Int64, outputLatencyMs: Double) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        let then = time - Int64(outputLatencyMs * 1000)
        guard let sound = sounds.last(where: { $0.at <= then }) else { return (nil, false, 0) }
        if case .playing = sound.phase { return (sound.trackId, true, position(of: sound.phase, at: then)) }
        return (sound.trackId, false, position(of: sound.phase, at: then))
    }

    private func settle(at now: Int64) {
        if let next = scheduledSwitch, now >= next.at {
            scheduledSwitch = nil
            trackId = next.trackId
            phase = .playing(fromMs: next.positionMs, since: next.at)
            recordSound(at: next.at)
        }
        if case .buffering(let position, let until) = phase, now >= until {
            phase = .playing(fromMs: position, since: until)
            recordSound(at: until)
        }
    }

    private func recordSound(at time: Int64) {
        sounds.append((time, trackId, phase))
        // A second of output latency spans a handful of changes at most.
        if sounds.count > 32 { sounds.removeFirst(sounds.count - 32) }
    }

    private func position(at now: Int64) -> Double { position(of: phase, at: now) }

    private func position(of phase: Phase, at now: Int64) -> Double {
        switch phase {
        case .idle: 0
        case .buffering(let position, _): position
        case .paused(let position): position
        case .playing(let from, let since):
            PlaybackPosition.after(from, elapsedMicros: now - since, playing: true, rate: 1 + configuration.driftPPM / 1_000_000)
        }
    }

    private func latency(_ range: ClosedRange<Double>) -> Int64 {
        Int64(Double.random(in: range, using: &random) * 1000)
    }
}
