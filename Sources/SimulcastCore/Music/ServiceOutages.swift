/// Which music services are down, as the answers to match lookups show, and when one may be
/// probed. While a service is down each room's tracks wait on `MatchRetrySchedule` (up to five
/// minutes apart), so recovery would go unseen for minutes; instead one lookup every
/// `probeInterval` asks on behalf of them all, and the first answer after an outage sends every
/// waiting track back to the service at once.
public struct ServiceOutages: Sendable {
    public var probeInterval: Duration
    /// Down services and when a lookup last went to each.
    private var down: [MusicService: ServerTime] = [:]

    public init(probeInterval: Duration = .seconds(20)) {
        self.probeInterval = probeInterval
    }

    public func isDown(_ service: MusicService) -> Bool { down[service] != nil }

    /// Notes a lookup's answer; returns true when it ends an outage of that service.
    public mutating func answered(_ service: MusicService, unavailable: Bool, at now: ServerTime) -> Bool {
        if unavailable {
            down[service] = max(down[service] ?? now, now)
            return false
        }
        return down.removeValue(forKey: service) != nil
    }

    /// Whether a lookup not yet due may go to a down service now, as its probe; at most one
    /// per `probeInterval`. A service that is not down needs no probe.
    public mutating func mayProbe(_ service: MusicService, at now: ServerTime) -> Bool {
        guard let lastAsked = down[service], lastAsked.advanced(by: probeInterval) <= now else { return false }
        down[service] = now
        return true
    }
}
