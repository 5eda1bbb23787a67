import Logging
import SimulcastCore

/// Plays the room on a listener's own Spotify app through the Web API (Spotify Connect): the
/// phone in a pocket with the screen locked, the desktop app, a speaker. Commands are Web API
/// calls; the device's timeline comes from polling `GET /v1/me/player`, each answer pinning
/// it within its round trip and successive answers intersected (`PlayerPollTracker`, as the
/// Spotify host source reads a host). The follow policy learns this device's command latency
/// from how its commands land in those readings and corrects only beyond what the device
/// achieves (`followConfiguration`).
///
/// Polls run inside `read()` when due, at the tracker's pace (every 2 s while playing, every
/// 0.5 s after a command), so the driver needs no task of its own and the simulator drives it
/// in virtual time. A 429's `Retry-After` holds polls and commands back.
public actor SpotifyConnectPlayer: PlayerDriver {
    /// The follower's own poll pace: any answer outside the estimate replaces it (its own
    /// commands move the device by any amount, so there is no jitter tolerance to keep).
    public static let trackerConfiguration: PlayerPollTracker.Configuration = {
        var configuration = PlayerPollTracker.Configuration()
        configuration.seekToleranceMs = 0
        configuration.pausedSeekToleranceMs = 1
        configuration.burstIntervalMs = 250
        configuration.burstPolls = 5
        return configuration
    }()

    public let remote: any SpotifyConnectRemote
    /// The device followed; it changes when the listener moves playback to another device in
    /// their Spotify app (their choice: the follow moves with it).
    public private(set) var device: SpotifyConnectDevice
    let clock: any LocalClock
    let logger: Logger
    private var tracker = PlayerPollTracker(configuration: trackerConfiguration)
    private var nextPoll: LocalTime?
    private var heldUntil: LocalTime?
    /// The last refusal, until a command or poll succeeds again: the listener's status shows it.
    public private(set) var refusal: SpotifyConnectRefusal?
    /// Web API calls made to change playback (the benchmark's commands per track).
    public private(set) var commandsSent = 0
    /// A pause (or a paused seek) sent and not yet seen in a poll. The policy asks again at
    /// every reading that still shows the state before, and a local player would have
    /// obeyed by then; a Connect device takes a poll or two to show it, so asking again is
    /// only another request.
    private var pausePending: (positionMs: Double?, sentAt: LocalTime)?
    /// How long a pause sent stands before the same one is sent again.
    public static let pauseSettleMs = 3_000.0

    public init(remote: any SpotifyConnectRemote, device: SpotifyConnectDevice, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.connect")) {
        self.remote = remote
        self.device = device
        self.clock = clock
        self.logger = logger
    }

    /// The follow policy for a Connect device: its commands travel through Spotify's servers to
    /// the device, so they take longer and land less precisely than a local player's, and its
    /// readings are polls. Corrections are rarer and never finer than the configured floor.
    public static func followConfiguration(service: MusicService, storefront: String, seekThresholdMs: Double = 35) -> FollowPolicy.Configuration {
        FollowPolicy.Configuration(
            service: service, storefront: storefront, seekThresholdMs: max(seekThresholdMs, minimumThresholdMs), minimumCorrectionIntervalMs: 6_000,
            defaultStartLatencyMs: 500, defaultSeekLatencyMs: 300, landingTimeoutMs: 8_000, canScheduleStart: false)
    }

    /// Below this a polled estimate cannot tell an error from its own uncertainty.
    public static let minimumThresholdMs = 80.0

    public func read() async -> LocalPlayerReading {
        if nextPoll.map({ clock.now() >= $0 }) ?? true { await poll() }
        let now = clock.now()
        return LocalPlayerReading(trackId: tracker.trackId, playing: tracker.isPlaying, positionMs: tracker.positionMs(at: now) ?? 0, at: now)
    }

    public func perform(_ action: PlayerAction) async throws {
        if let heldUntil, clock.now() < heldUntil {
            throw SpotifyConnectRefusal.rateLimited(retryAfterMs: Double(clock.now().distance(to: heldUntil)) / 1000)
        }
        let id = device.id
        if let pending = pausePending, pending.sentAt.milliseconds(to: clock.now()) >= Self.pauseSettleMs { pausePending = nil }
        switch action {
        case .load(let trackId, let positionMs, let play):
            pausePending = nil
            try await command { try await $0.play(trackId: trackId, positionMs: Self.wholeMs(positionMs), deviceId: id) }
            if !play {
                try await command { try await $0.pause(deviceId: id) }
                pausePending = (positionMs, clock.now())
            }
        case .seek(let positionMs, let play):
            if play, !tracker.isPlaying, let trackId = tracker.trackId {
                // One call instead of seek then resume: fewer commands, one landing.
                pausePending = nil
                try await command { try await $0.play(trackId: trackId, positionMs: Self.wholeMs(positionMs), deviceId: id) }
            } else {
                if !play, pausePending != nil { return }
                try await command { try await $0.seek(positionMs: Self.wholeMs(positionMs), deviceId: id) }
                if !play { pausePending = (positionMs, clock.now()) }
            }
        case .pause, .stop:
            // Spotify refuses to pause a paused device.
            guard tracker.isPlaying, pausePending == nil else { return }
            try await command { try await $0.pause(deviceId: id) }
            pausePending = (nil, clock.now())
        }
        tracker.expectChange()
        // Soon, but never later than already planned: commands at every reading must not put the poll off for ever.
        let soon = tracker.nextPoll(now: clock.now())
        nextPoll = nextPoll.map { min($0, soon) } ?? soon
    }

    private func command(_ call: (any SpotifyConnectRemote) async throws -> Void) async throws {
        commandsSent += 1
        do {
            try await call(remote)
            refusal = nil
        } catch {
            record(error)
            throw error
        }
    }

    private func poll() async {
        do {
            let answer = try await remote.playback()
            refusal = nil
            if let playback = answer.value, let other = playback.deviceId, other != device.id {
                // The listener moved playback in their Spotify app: follow there.
                logger.notice("playback moved to another Spotify device; following it there")
                device = SpotifyConnectDevice(id: other, name: "another device", kind: "Unknown", isActive: true)
            }
            _ = tracker.observe(answer.map(Self.content))
            if let pending = pausePending, !tracker.isPlaying, answer.sentAt >= pending.sentAt,
                pending.positionMs.map({ abs((tracker.positionMs(at: answer.receivedAt) ?? 0) - $0) < 1_000 }) ?? true
            {
                pausePending = nil
            }
        } catch {
            record(error)
        }
        nextPoll = tracker.nextPoll(now: clock.now())
    }

    private func record(_ error: any Error) {
        let refusal = error as? SpotifyConnectRefusal ?? .failed("\(type(of: error))")
        self.refusal = refusal
        var retryAfterMs: Double?
        if case .rateLimited(let after) = refusal {
            retryAfterMs = after
            heldUntil = clock.now().advanced(byMilliseconds: after ?? 1_000)
        }
        tracker.failed(at: clock.now(), retryAfterMs: retryAfterMs)
        logger.warning("Spotify Connect", metadata: ["refusal": "\(refusal)"])
    }

    static func content(_ playback: SpotifyConnectPlayback?) -> PlayerPollContent {
        guard let playback else { return .nothing }
        guard let trackId = playback.trackId else { return .advert }
        return .track(id: trackId, durationMs: playback.durationMs, progressMs: playback.progressMs, playing: playback.playing)
    }

    static func wholeMs(_ positionMs: Double) -> Int { Int(max(0, positionMs).rounded()) }
}
