import SimulcastClient
import SimulcastCore

/// A listener's Spotify app and the Web API in front of it, in virtual time, with what makes
/// following one through Spotify Connect hard:
/// - a command goes through Spotify's servers to the device (`commandLatencyMs`), which then
///   buffers (`startBufferMs` for a new track, `seekBufferMs` for a seek) before audio moves;
/// - the Web API knows the device's state only from the device's reports, which reach it
///   `reportDelayMs` after each change; until then answers show the state before (stale).
///   A report carries the position and the device's own timestamp of it (Connect's player
///   state has `position_as_of_timestamp` and `timestamp`, as librespot's implementation
///   shows), and `progress_ms` is extrapolated from that timestamp: it is off by the device
///   clock's error against Spotify's (`deviceClockErrorMs`, drawn once per device), not by
///   the report's travel; positions are whole milliseconds;
/// - a poll's answer describes an instant inside its round trip (`pollRoundTripMs`);
/// - more than `requestsPer30s` requests in a rolling 30 s get 429 with `Retry-After`.
/// Its audio clock runs `driftPPM` off. The follower under test is the shipped
/// `SpotifyConnectPlayer`; this is only the device and the service.
public actor SimulatedConnectDevice: SpotifyConnectRemote, SimulatedSound {
    public struct Configuration: Hashable, Sendable {
        public var commandLatencyMs: ClosedRange<Double> = 120...240
        public var startBufferMs: ClosedRange<Double> = 80...200
        public var seekBufferMs: ClosedRange<Double> = 40...100
        public var reportDelayMs: ClosedRange<Double> = 30...120
        /// Positive: the device's clock is ahead, so the progress reported lags the sound.
        public var deviceClockErrorMs: ClosedRange<Double> = -30...30
        public var pollRoundTripMs: ClosedRange<Double> = 80...250
        public var requestsPer30s = 60
        public var retryAfterSeconds = 2.0
        public var driftPPM = 0.0

        public init() {}
    }

    enum Phase: Hashable, Sendable {
        case idle
        case buffering(trackId: String, positionMs: Double, until: Int64)
        case playing(trackId: String, fromMs: Double, since: Int64)
        case paused(trackId: String, positionMs: Double)
    }

    enum Command: Hashable, Sendable {
        case play(trackId: String, positionMs: Double)
        case resume
        case seek(positionMs: Double)
        case pause
    }

    /// What Spotify's servers know: the device's state as reported, stamped by the device's
    /// clock (true time here), and when the report arrived.
    struct Report: Hashable, Sendable {
        var trackId: String?
        var playing: Bool
        var positionMs: Double
        var stampedAt: Int64
        var knownAt: Int64
    }

    public nonisolated let id: String
    public let configuration: Configuration
    let trueClock: any LocalClock
    /// The follower's clock: what its answers are stamped with.
    let followerClock: any LocalClock
    private var random: SeededGenerator
    /// This device's clock against Spotify's, microseconds (drawn once).
    private let clockErrorMicros: Int64
    private var phase: Phase = .idle
    private var commands: [(at: Int64, command: Command)] = []
    private var reports: [Report] = []
    private var requests: [Int64] = []
    private var sounds: [(at: Int64, phase: Phase)] = []
    /// Calls answered 429.
    public private(set) var rateLimited = 0
    /// Commands that reached the service (play, resume, seek, pause).
    public private(set) var commandsReceived = 0

    public init(id: String = "simulated-phone", configuration: Configuration = .init(), trueClock: any LocalClock, followerClock: any LocalClock, seed: UInt64)
    {
        self.id = id
        self.configuration = configuration
        self.trueClock = trueClock
        self.followerClock = followerClock
        var random = SeededGenerator(seed: seed)
        clockErrorMicros = Int64(Double.random(in: configuration.deviceClockErrorMs, using: &random) * 1000)
        self.random = random
    }

    // MARK: The Web API

    public func devices() async throws -> [SpotifyConnectDevice] {
        try admit()
        return [SpotifyConnectDevice(id: id, name: "Simulated phone", kind: "Smartphone", isActive: reports.last != nil)]
    }

    public func playback() async throws -> PolledAnswer<SpotifyConnectPlayback?> {
        try admit()
        let now = trueClock.now().micros
        settle(at: now)
        let roundTrip = draw(configuration.pollRoundTripMs)
        let answeredAt = now - Int64(Double.random(in: 0...1, using: &random) * Double(roundTrip))
        let receivedAt = followerClock.now()
        let sentAt = receivedAt.advanced(by: -roundTrip)
        guard let report = reports.last(where: { $0.knownAt <= answeredAt }), let trackId = report.trackId else {
            return PolledAnswer(nil, sentAt: sentAt, receivedAt: receivedAt)
        }
        let progress = PlaybackPosition.after(report.positionMs, elapsedMicros: answeredAt - report.stampedAt, playing: report.playing)
        let playback = SpotifyConnectPlayback(deviceId: id, trackId: trackId, durationMs: nil, progressMs: progress.rounded(.down), playing: report.playing)
        return PolledAnswer(playback, sentAt: sentAt, receivedAt: receivedAt)
    }

    public func play(trackId: String, positionMs: Int, deviceId: String) async throws {
        try accept(.play(trackId: trackId, positionMs: Double(positionMs)), deviceId: deviceId)
    }

    public func resume(deviceId: String) async throws { try accept(.resume, deviceId: deviceId) }

    public func seek(positionMs: Int, deviceId: String) async throws { try accept(.seek(positionMs: Double(positionMs)), deviceId: deviceId) }

    public func pause(deviceId: String) async throws { try accept(.pause, deviceId: deviceId) }

    private func accept(_ command: Command, deviceId: String) throws {
        try admit()
        guard deviceId == id else { throw SpotifyConnectRefusal.noDevice }
        commandsReceived += 1
        let now = trueClock.now().micros
        settle(at: now)
        commands.append((now + draw(configuration.commandLatencyMs), command))
        commands.sort { $0.at < $1.at }
    }

    /// Counts the request against the rolling window, or refuses it.
    private func admit() throws {
        let now = trueClock.now().micros
        requests.removeAll { $0 <= now - 30_000_000 }
        guard requests.count < configuration.requestsPer30s else {
            rateLimited += 1
            throw SpotifyConnectRefusal.rateLimited(retryAfterMs: configuration.retryAfterSeconds * 1000)
        }
        requests.append(now)
    }

    // MARK: The device

    public func audible(at time: Int64) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        return Self.sound(of: phase, at: time, rate: rate)
    }

    public func heard(at time: Int64, outputLatencyMs: Double) -> (trackId: String?, playing: Bool, positionMs: Double) {
        settle(at: time)
        let then = time - Int64(outputLatencyMs * 1000)
        guard let sound = sounds.last(where: { $0.at <= then }) else { return (nil, false, 0) }
        return Self.sound(of: sound.phase, at: then, rate: rate)
    }

    private var rate: Double { 1 + configuration.driftPPM / 1_000_000 }

    /// Carries out what is due by `time`, in order: commands arriving, buffering ending.
    private func settle(at time: Int64) {
        while true {
            let bufferEnd: Int64? = if case .buffering(_, _, let until) = phase { until } else { nil }
            let nextCommand = commands.first?.at
            guard let due = [bufferEnd, nextCommand].compactMap({ $0 }).min(), due <= time else { return }
            if let bufferEnd, bufferEnd == due, case .buffering(let trackId, let position, _) = phase {
                change(to: .playing(trackId: trackId, fromMs: position, since: due), at: due)
                continue
            }
            let command = commands.removeFirst().command
            apply(command, at: due)
        }
    }

    private func apply(_ command: Command, at time: Int64) {
        let current = Self.sound(of: phase, at: time, rate: rate)
        switch command {
        case .play(let trackId, let position):
            change(to: .buffering(trackId: trackId, positionMs: position, until: time + draw(configuration.startBufferMs)), at: time)
        case .resume:
            guard let trackId = current.trackId, !current.playing else { return }
            change(to: .buffering(trackId: trackId, positionMs: current.positionMs, until: time + draw(configuration.seekBufferMs)), at: time)
        case .seek(let position):
            guard let trackId = current.trackId else { return }
            if case .paused = phase {
                change(to: .paused(trackId: trackId, positionMs: position), at: time)
            } else {
                change(to: .buffering(trackId: trackId, positionMs: position, until: time + draw(configuration.seekBufferMs)), at: time)
            }
        case .pause:
            guard let trackId = current.trackId else { return }
            change(to: .paused(trackId: trackId, positionMs: current.positionMs), at: time)
        }
    }

    /// The device changes and reports it; the report reaches Spotify's servers a little later.
    /// While buffering it reports nothing new: the change it reports is when audio moves.
    private func change(to next: Phase, at time: Int64) {
        phase = next
        sounds.append((time, next))
        if sounds.count > 32 { sounds.removeFirst(sounds.count - 32) }
        if case .buffering = next { return }
        let sound = Self.sound(of: next, at: time, rate: rate)
        reports.append(
            Report(
                trackId: sound.trackId, playing: sound.playing, positionMs: sound.positionMs, stampedAt: time + clockErrorMicros,
                knownAt: time + draw(configuration.reportDelayMs)))
        reports.sort { $0.knownAt < $1.knownAt }
        if reports.count > 32 { reports.removeFirst(reports.count - 32) }
    }

    private static func sound(of phase: Phase, at time: Int64, rate: Double) -> (trackId: String?, playing: Bool, positionMs: Double) {
        switch phase {
        case .idle: (nil, false, 0)
        case .buffering(let trackId, let position, _): (trackId, false, position)
        case .paused(let trackId, let position): (trackId, false, position)
        case .playing(let trackId, let from, let since):
            (trackId, true, PlaybackPosition.after(from, elapsedMicros: time - since, playing: true, rate: rate))
        }
    }

    private func draw(_ rangeMs: ClosedRange<Double>) -> Int64 { Int64(Double.random(in: rangeMs, using: &random) * 1000) }
}
