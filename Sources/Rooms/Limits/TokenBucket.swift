import SimulcastCore

/// A token bucket on the injected clock (`LocalClock`): `burst` tokens, refilled at `perSecond`. Pure value
/// type; `AddressRateLimiter` keeps one per client address.
public struct TokenBucket: Hashable, Sendable {
    public struct Rate: Hashable, Sendable {
        public var burst: Double
        public var perSecond: Double
        public init(burst: Double, perSecond: Double) {
            self.burst = burst
            self.perSecond = perSecond
        }
        /// No limit at all (tests and benchmarks that must not be throttled).
        public static let unlimited = Rate(burst: .infinity, perSecond: .infinity)
    }

    public let rate: Rate
    private(set) var tokens: Double
    private(set) var updatedAt: LocalTime

    public init(rate: Rate, now: LocalTime) {
        self.rate = rate
        self.tokens = rate.burst
        self.updatedAt = now
    }

    mutating func refill(now: LocalTime) {
        guard now > updatedAt else { return }
        tokens = min(rate.burst, tokens + Double(updatedAt.distance(to: now)) / 1_000_000 * rate.perSecond)
        updatedAt = now
    }

    /// Whether a token is there (without taking it).
    public mutating func hasToken(now: LocalTime) -> Bool {
        refill(now: now)
        return tokens >= 1
    }

    /// Takes a token; false when none is left.
    public mutating func take(now: LocalTime) -> Bool {
        refill(now: now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// True when the bucket is full again, so its entry can be forgotten.
    public mutating func isFull(now: LocalTime) -> Bool {
        refill(now: now)
        return tokens >= rate.burst
    }

    /// Seconds until the next token, for `Retry-After`.
    public var secondsToNextToken: Int {
        guard rate.perSecond > 0, rate.perSecond.isFinite else { return 1 }
        return max(1, Int(((1 - tokens) / rate.perSecond).rounded(.up)))
    }
}
