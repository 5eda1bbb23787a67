import SimulcastCore

/// The allowances for song requests and +1s, per sending address (an IPv6 /64 counts as one),
/// across every room of the node: the hub keeps them, not a room or a connection, so
/// reconnecting, changing names or creating rooms renews nothing.
struct RequestAllowances: Sendable {
    let requests: AddressRateLimiter
    let supports: AddressRateLimiter

    init(limits: ServerLimits, clock: any LocalClock) {
        requests = AddressRateLimiter(rate: limits.songRequestsPerListener, clock: clock, maximumAddresses: 10_000)
        supports = AddressRateLimiter(rate: limits.requestSupportsPerListener, clock: clock, maximumAddresses: 10_000)
    }

    /// Requests a listener gets a minute, at the steady rate, for the refusal's words.
    var requestsPerMinute: Int { max(1, Int((requests.rate.perSecond * 60).rounded())) }
}
