import SimulcastCore

/// Keeps a client within a service's rate budget: at most `limit` requests in any window
/// of `windowMicros`. Each caller reserves the earliest free slot before it sleeps, so any
/// number of concurrent callers never overshoot, whatever order they wake in.
public actor RequestPacer {
    public let limit: Int
    public let windowMicros: Int64
    let clock: any LocalClock
    /// Granted start times of the last `limit` requests, oldest first.
    private var granted: [Int64] = []

    public init(limit: Int, windowMicros: Int64, clock: any LocalClock) {
        self.limit = max(1, limit)
        self.windowMicros = max(1, windowMicros)
        self.clock = clock
    }

    /// 20 a minute: what the iTunes Search API tolerates per address.
    public static func iTunes(clock: any LocalClock) -> RequestPacer { RequestPacer(limit: 20, windowMicros: 60_000_000, clock: clock) }
    /// 50 per 5 s: Deezer's published limit.
    public static func deezer(clock: any LocalClock) -> RequestPacer { RequestPacer(limit: 50, windowMicros: 5_000_000, clock: clock) }

    /// Waits until a request may be sent.
    public func acquire() async throws {
        let now = clock.nowMicros()
        var slot = now
        if granted.count >= limit {
            slot = max(now, granted[granted.count - limit] + windowMicros)
        }
        granted.append(slot)
        if granted.count > limit { granted.removeFirst(granted.count - limit) }
        if slot > now { try await clock.sleep(untilMicros: slot) }
    }

    /// After a 429 or 403 from the service, nobody sends before `until`.
    public func holdOff(until: Int64) {
        // Pretend a full window of requests went out just before `until`: the next slot is then `until`.
        let floor = until - windowMicros
        var filled = granted.map { max($0, floor) }
        while filled.count < limit { filled.insert(floor, at: 0) }
        granted = filled.sorted()
    }
}
