import SimulcastCore

/// Keeps a client within a service's rate budget: at most `limit` requests in any window
/// of `window`. Each caller reserves the earliest free slot before it sleeps, so any
/// number of concurrent callers never overshoot, whatever order they wake in. A pacer made
/// `within` another is a share of it: its requests take a slot of both, so a share's callers
/// never use more than the share, and the rest of the budget stays for the others.
public actor RequestPacer {
    public let limit: Int
    public let window: Duration
    let clock: any LocalClock
    /// The budget this pacer is a share of.
    let parent: RequestPacer?
    /// Granted start times of the last `limit` requests, oldest first.
    private var granted: [LocalTime] = []
    /// Nobody sends before this (a `Retry-After`), whenever their slot was reserved.
    private var heldUntil: LocalTime?

    public init(limit: Int, window: Duration, clock: any LocalClock, within parent: RequestPacer? = nil) {
        self.limit = max(1, limit)
        self.window = max(.microseconds(1), window)
        self.clock = clock
        self.parent = parent
    }

    /// 20 a minute: what the iTunes Search API tolerates per address.
    public static func iTunes(clock: any LocalClock) -> RequestPacer { RequestPacer(limit: 20, window: .seconds(60), clock: clock) }
    /// 50 per 5 s: Deezer's published limit.
    public static func deezer(clock: any LocalClock) -> RequestPacer { RequestPacer(limit: 50, window: .seconds(5), clock: clock) }

    /// Waits until a request may be sent and returns true; returns false at once, reserving
    /// nothing, when the first free slot is after `latest`.
    @discardableResult
    public func acquire(notAfter latest: LocalTime? = nil) async throws -> Bool {
        let now = clock.now()
        var slot = now
        if granted.count >= limit {
            slot = max(now, granted[granted.count - limit].advanced(by: window))
        }
        if let latest, slot > latest { return false }
        granted.append(slot)
        if granted.count > limit { granted.removeFirst(granted.count - limit) }
        if slot > now { try await clock.sleep(until: slot) }
        // A hold placed while this caller slept holds it too: slots reserved before a 429
        // must not go out into the service's Retry-After.
        while let hold = heldUntil, clock.now() < hold { try await clock.sleep(until: hold) }
        if let parent { try await parent.acquire() }
        return true
    }

    /// After a 429 or 403 from the service, nobody sends before `until` (the whole budget's
    /// callers too, for a share: the service holds the client back, not the share).
    public func holdOff(until: LocalTime) async {
        if let parent { await parent.holdOff(until: until) }
        heldUntil = max(heldUntil ?? until, until)
        // Pretend a full window of requests went out just before `until`: the next slot is then `until`.
        let floor = until.advanced(by: .zero - window)
        var filled = granted.map { max($0, floor) }
        while filled.count < limit { filled.insert(floor, at: 0) }
        granted = filled.sorted()
    }
}
