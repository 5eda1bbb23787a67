import SimulcastCore

/// A player's state with the local times its request left and its answer came back: the
/// position holds somewhere in between, so the midpoint is off by at most half the round trip.
public struct TimedPlayerState: Sendable {
    public var state: MPRISPlayer.State
    public var sentAt: Int64
    public var receivedAt: Int64

    public var midpoint: Int64 { sentAt + (receivedAt - sentAt) / 2 }

    /// A round trip this short needs no second try.
    static let goodEnoughMicros: Int64 = 4_000

    /// Reads up to `attempts` times and keeps the tightest round trip: one late answer (a busy
    /// bus or a descheduled process) would otherwise put the position tens of ms off.
    public static func read(_ player: MPRISPlayer, clock: any LocalClock, attempts: Int = 3) async throws -> TimedPlayerState {
        var best: TimedPlayerState?
        for _ in 0..<max(1, attempts) {
            let sentAt = clock.nowMicros()
            let state = try await player.state()
            let reading = TimedPlayerState(state: state, sentAt: sentAt, receivedAt: clock.nowMicros())
            if best == nil || reading.receivedAt - reading.sentAt < best!.receivedAt - best!.sentAt { best = reading }
            if reading.receivedAt - reading.sentAt <= goodEnoughMicros { break }
        }
        return best!
    }
}
