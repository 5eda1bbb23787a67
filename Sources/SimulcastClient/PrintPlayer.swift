import Foundation
import SimulcastCore

/// Prints what to play, where and when, for wiring Simulcast to anything by hand or by
/// script. It reports itself as a perfect player (no latency), so it prints each
/// instruction once rather than chasing corrections.
public actor PrintPlayer: PlayerDriver {
    let clock: any LocalClock
    let service: MusicService
    let output: @Sendable (String) -> Void
    private var trackId: String?
    private var playing = false
    private var anchor = LocalAnchor(positionMs: 0, at: LocalTime(micros: 0))

    public init(service: MusicService, clock: any LocalClock, output: @escaping @Sendable (String) -> Void) {
        self.service = service
        self.clock = clock
        self.output = output
    }

    public func perform(_ action: PlayerAction) async throws {
        let now = clock.now()
        anchor = anchor.advanced(to: now, playing: playing)
        let stamp = Self.timestamp(now)
        switch action {
        case .load(let id, let position, let play):
            trackId = id
            anchor.positionMs = position
            playing = play
            output("\(stamp) \(play ? "play" : "load paused") \(service):\(id) from \(Self.clock(position))")
        case .seek(let position, let play):
            anchor.positionMs = position
            playing = playing || play
            output("\(stamp) seek to \(Self.clock(position))\(play ? " and play" : "")")
        case .pause:
            playing = false
            output("\(stamp) pause at \(Self.clock(anchor.positionMs))")
        case .stop(let reason):
            trackId = nil
            playing = false
            output("\(stamp) stop: \(reason)")
        }
    }

    public func read() async -> LocalPlayerReading {
        let now = clock.now()
        return LocalPlayerReading(trackId: trackId, playing: playing, positionMs: anchor.position(at: now, playing: playing), at: now)
    }

    static func timestamp(_ time: LocalTime) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss.SSS"
        return formatter.string(from: Date(timeIntervalSince1970: Double(time.micros) / 1_000_000))
    }

    /// 83456.7 ms -> "1:23.457"
    public static func clock(_ ms: Double) -> String {
        let total = max(0, ms) / 1000
        let minutes = Int(total) / 60
        let seconds = total - Double(minutes * 60)
        return String(format: "%d:%06.3f", minutes, seconds)
    }
}
