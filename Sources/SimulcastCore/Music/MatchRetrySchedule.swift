/// When a room asks again for a match the service could not answer (`unavailable`: an
/// outage, a hang, a rate limit): soon at first, then rarely, for as long as the room plays or
/// queues the track. Before, an `unavailable` answer was never asked again, and a short outage
/// left its listeners silent for the whole queue.
public struct MatchRetrySchedule: Hashable, Sendable {
    /// The waits after the first, second, ... `unavailable` answer.
    public var backoff: [Duration]
    /// The wait after every answer past those.
    public var steady: Duration

    public init(backoff: [Duration] = [.seconds(5), .seconds(15), .seconds(60)], steady: Duration = .seconds(300)) {
        self.backoff = backoff
        self.steady = steady
    }

    /// The wait after the `answers`-th `unavailable` answer in a row (1 for the first).
    public func wait(afterUnavailableAnswers answers: Int) -> Duration {
        let index = max(answers, 1) - 1
        return index < backoff.count ? backoff[index] : steady
    }
}
