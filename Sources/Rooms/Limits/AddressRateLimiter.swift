import SimulcastCore
import Synchronization

/// One token bucket per client address, for one kind of request; an IPv6 /64 is one address
/// (`NetworkPrefix.subscriber`: one home or one machine is handed a whole /64). The table is bounded:
/// full buckets are dropped (they carry no information) when it grows, and if an attacker
/// with many addresses still fills it, new addresses share one overflow bucket.
public final class AddressRateLimiter: Sendable {
    public let rate: TokenBucket.Rate
    let maximumAddresses: Int
    let clock: any LocalClock
    private let buckets: Mutex<[String: TokenBucket]> = Mutex([:])
    private let overflowKey = "(overflow)"

    public init(rate: TokenBucket.Rate, clock: any LocalClock, maximumAddresses: Int = 100_000) {
        self.rate = rate
        self.clock = clock
        self.maximumAddresses = maximumAddresses
    }

    /// Takes a token for `address`; false means "rate limited".
    public func take(_ address: String) -> Bool {
        guard rate != .unlimited else { return true }
        let now = clock.now()
        return withBucket(address, now: now) { $0.take(now: now) }
    }

    /// Whether `address` has a token left, without spending it.
    public func hasToken(_ address: String) -> Bool {
        guard rate != .unlimited else { return true }
        let now = clock.now()
        return withBucket(address, now: now) { $0.hasToken(now: now) }
    }

    public func retryAfterSeconds(_ address: String) -> Int {
        buckets.withLock { $0[NetworkPrefix.subscriber(address)]?.secondsToNextToken ?? 1 }
    }

    private func withBucket(_ address: String, now: LocalTime, _ body: (inout TokenBucket) -> Bool) -> Bool {
        buckets.withLock { table in
            var key = NetworkPrefix.subscriber(address)
            if table[key] == nil, table.count >= maximumAddresses {
                table = table.filter { entry in
                    var bucket = entry.value
                    return !bucket.isFull(now: now)
                }
                if table.count >= maximumAddresses { key = overflowKey }
            }
            var bucket = table[key] ?? TokenBucket(rate: rate, now: now)
            let result = body(&bucket)
            table[key] = bucket
            return result
        }
    }
}
