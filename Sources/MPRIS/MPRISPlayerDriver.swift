import DBus
import Foundation
import SimulcastCore

/// Drives a Linux player over MPRIS for a listener: opens the matched track's URI
/// (`spotify:track:ID` in the Spotify client, `file://` for a local file) and sets the
/// position with `SetPosition`. Reads come straight from the player's properties.
public actor MPRISPlayerDriver: PlayerDriver {
    let player: MPRISPlayer
    let service: MusicService
    let clock: any LocalClock
    let loadTimeout: Duration
    private var staleStatus = StaleStoppedStatus()

    public init(player: MPRISPlayer, service: MusicService, clock: any LocalClock, loadTimeout: Duration = .seconds(5)) {
        self.player = player
        self.service = service
        self.clock = clock
        self.loadTimeout = loadTimeout
    }

    /// The URI a player opens for a matched track id.
    public static func uri(for trackId: String, service: MusicService) -> String {
        if trackId.contains("://") || trackId.hasPrefix("spotify:") { return trackId }
        if service == .spotify { return "spotify:track:\(trackId)" }
        if trackId.hasPrefix("/") { return URL(fileURLWithPath: trackId).absoluteString }
        return trackId
    }

    public func perform(_ action: PlayerAction) async throws {
        switch action {
        case .load(let trackId, let position, let play):
            try await load(trackId, positionMs: position, play: play)
        case .seek(let position, let play):
            let state = try await player.state()
            guard let path = state.metadata.trackObjectPath else { return }
            try await player.setPosition(trackObjectPath: path, micros: Int64(position * 1000))
            if play, state.status != .playing { try await player.play() }
            if !play, state.status == .paused { try await settlePausedSeek(toMs: position) }
        case .pause:
            try await player.pause()
        case .stop:
            // Pause rather than Stop: Stop clears some players' queues.
            try await player.pause()
        }
    }

    private func load(_ trackId: String, positionMs: Double, play: Bool) async throws {
        let issuedAt = clock.now()
        let uri = Self.uri(for: trackId, service: service)
        try await player.openURI(uri)
        // Players switch tracks asynchronously; SetPosition must name the new track.
        let deadline = ContinuousClock.now + loadTimeout
        var path: String?
        while ContinuousClock.now < deadline {
            let metadata = try await player.state().metadata
            if metadata.identity?.id == Self.identityId(for: trackId, service: service) {
                path = metadata.trackObjectPath
                break
            }
            try await Task.sleep(for: .milliseconds(25))
        }
        guard let path else { throw MPRISError.trackDidNotLoad(uri) }
        let elapsedMs = play ? issuedAt.milliseconds(to: clock.now()) : 0
        try await player.setPosition(trackObjectPath: path, micros: Int64((positionMs + elapsedMs) * 1000))
        if play { try await player.play() } else { try await player.pause() }
    }

    /// mpv reads a seek made while paused short by its audio output buffer (about 157 ms with
    /// its defaults) though it resumes from the right place; the policy, seeing a paused
    /// listener off its target, would seek again on every tick, and anyone looking sees it
    /// behind. A muted play-pause makes the reading true; a player that reads true is left alone.
    private func settlePausedSeek(toMs targetMs: Double) async throws {
        guard let settled = try await settledPausedPositionMs(), abs(settled - targetMs) > Self.pausedSeekToleranceMs else { return }
        let volume = try? await player.volume()
        if volume != nil { try? await player.setVolume(0) }
        // The volume comes back whatever fails: a player left muted is silent for good.
        do {
            try await player.play()
            try await player.pause()
        } catch {
            if let volume { try? await player.setVolume(volume) }
            throw error
        }
        if let volume { try? await player.setVolume(volume) }
    }

    static let pausedSeekToleranceMs = 20.0

    /// A paused player's position once it stops changing (mpv shows the target for a few ms,
    /// then the short reading): three equal readings in a row, or nil after half a second.
    private func settledPausedPositionMs() async throws -> Double? {
        let deadline = ContinuousClock.now + .milliseconds(500)
        var last: Int64?
        var equalInARow = 0
        while ContinuousClock.now < deadline {
            let position = try await player.position()
            equalInARow = position == last ? equalInARow + 1 : 0
            if equalInARow >= 2 { return Double(position) / 1000 }
            last = position
            try await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// The id `MPRISMetadata.identity` reports for a track opened from `trackId`.
    static func identityId(for trackId: String, service: MusicService) -> String {
        if let url = URL(string: trackId), url.isFileURL { return url.path }
        return SpotifyTrackLink.id(in: trackId) ?? trackId
    }

    public func read() async -> LocalPlayerReading {
        guard let timed = try? await PolledAnswer.ask(clock: clock, { try await player.state() }) else {
            return LocalPlayerReading(trackId: nil, playing: false, positionMs: 0, at: clock.now())
        }
        let state = timed.value
        let status = staleStatus.status(of: state, at: timed.midpoint)
        return LocalPlayerReading(
            trackId: state.metadata.identity?.id, playing: status == .playing, positionMs: Double(state.positionMicros) / 1000, at: timed.midpoint)
    }
}
