/// An answer from a player that can only be asked, not listened to (Spotify's
/// currently-playing, MPRIS properties), with when the question left and the answer came back
/// on this device's clock. The answer describes some instant between the two.
public struct PolledAnswer<Value: Sendable>: Sendable {
    public var value: Value
    public var sentAt: LocalTime
    public var receivedAt: LocalTime

    public init(_ value: Value, sentAt: LocalTime, receivedAt: LocalTime) {
        self.value = value
        self.sentAt = sentAt
        self.receivedAt = max(receivedAt, sentAt)
    }

    /// Our best single guess of the instant the answer describes: off by at most half the round trip.
    public var midpoint: LocalTime { sentAt.advanced(by: roundTrip / 2) }

    public var roundTrip: Microseconds { sentAt.distance(to: receivedAt) }

    /// The same timing with another value: what the answer was taken to mean.
    public func map<Other>(_ transform: (Value) throws -> Other) rethrows -> PolledAnswer<Other> {
        PolledAnswer<Other>(try transform(value), sentAt: sentAt, receivedAt: receivedAt)
    }

    /// Asks up to `attempts` times and keeps the tightest round trip: one late answer (a busy
    /// bus or a descheduled process) would otherwise put a position tens of ms off. A round
    /// trip within `goodEnough` needs no second try.
    public static func ask(
        clock: any LocalClock, attempts: Int = 3, goodEnough: Microseconds = 4_000, _ question: @Sendable () async throws -> Value
    ) async throws -> PolledAnswer {
        var best: PolledAnswer?
        for _ in 0..<max(1, attempts) {
            let sentAt = clock.now()
            let value = try await question()
            let answer = PolledAnswer(value, sentAt: sentAt, receivedAt: clock.now())
            if best.map({ answer.roundTrip < $0.roundTrip }) ?? true { best = answer }
            if answer.roundTrip <= goodEnough { break }
        }
        return best!
    }
}

extension PolledAnswer: Equatable where Value: Equatable {}
extension PolledAnswer: Hashable where Value: Hashable {}

/// What a poll of a player's state says, with its timing: what `PlayerPollTracker` reads.
public typealias PolledPlayerState = PolledAnswer<PlayerPollContent>
