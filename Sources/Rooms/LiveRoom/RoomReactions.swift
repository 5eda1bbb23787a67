import SimulcastCore

/// A room's reactions without I/O: whether one may be passed on now (the fixed set, the
/// sender's allowances, the room's budget) and the last few passed on, which the host page
/// reads. The room sends them and tells the other nodes. The host's reactions draw on the
/// host's own allowance only: listeners spending the room's budget never silence the host.
struct RoomReactions {
    /// Why a reaction was not passed on; renders itself as the `error` sent back.
    enum Refusal: Error {
        case unknown
        case senderRate(perSecond: Double)
        case roomRate(perSecond: Double)

        var wireError: Wire.Error {
            switch self {
            case .unknown: Wire.Error(code: .malformedMessage, message: "unknown reaction; one of: \(Reaction.names)")
            case .senderRate(let rate):
                Wire.Error(code: .rateLimited, message: "at most \(Int(rate)) reaction(s) a second from one sender; this one was dropped")
            case .roomRate(let rate):
                Wire.Error(code: .rateLimited, message: "this room passes on at most \(Int(rate)) reactions a second; this one was dropped")
            }
        }
    }

    static let kept = 20
    static let keptFor: Duration = .seconds(10)

    private let limits: ServerLimits
    /// Reactions the room passes on, whoever sends them.
    private var roomBudget: TokenBucket
    /// The host page's allowance (its reactions come over REST, not a connection).
    private var hostPage: TokenBucket
    /// Each sending address's allowance (an IPv6 /64 counts as one), across its connections.
    private let perAddress: AddressRateLimiter
    /// The last few passed on, newest last.
    private var recent: [RoomSummary.RecentReaction] = []

    init(limits: ServerLimits, clock: any LocalClock) {
        self.limits = limits
        let now = clock.now()
        roomBudget = TokenBucket(rate: limits.reactionsPerRoom, now: now)
        hostPage = TokenBucket(rate: limits.reactionsPerConnection, now: now)
        perAddress = AddressRateLimiter(rate: limits.reactionsPerSender, clock: clock, maximumAddresses: 1_000)
    }

    /// A reaction from a connection: the host's (`listener` nil) draws on its connection's
    /// allowance; a listener's on the connection's, its address's and the room's, so
    /// reconnecting, or opening ten connections from one address, buys nothing.
    mutating func admit(
        _ name: String, listener: (name: String, address: String)?, allowance: inout TokenBucket, now: LocalTime
    ) -> Result<Wire.RoomReaction, Refusal> {
        guard let reaction = Reaction(rawValue: name) else { return .failure(.unknown) }
        guard allowance.take(now: now), listener.map({ perAddress.take($0.address) }) ?? true else {
            return .failure(.senderRate(perSecond: limits.reactionsPerConnection.perSecond))
        }
        guard let listener else { return .success(Wire.RoomReaction(reaction: reaction, from: DisplayName.hostLabel, fromHost: true)) }
        guard roomBudget.take(now: now) else { return .failure(.roomRate(perSecond: limits.reactionsPerRoom.perSecond)) }
        return .success(Wire.RoomReaction(reaction: reaction, from: listener.name, fromHost: false))
    }

    /// A reaction from the host's page (`POST /v1/rooms/{code}/reactions`).
    mutating func admitFromHostPage(_ name: String, now: LocalTime) -> Result<Wire.RoomReaction, Refusal> {
        var allowance = hostPage
        defer { hostPage = allowance }
        return admit(name, listener: nil, allowance: &allowance, now: now)
    }

    /// Keeps `reaction`, passed on at `now`, among the recent ones.
    mutating func remember(_ reaction: Wire.RoomReaction, at now: ServerTime) {
        recent.removeAll { $0.at < now.advanced(by: -Self.keptFor.inMicroseconds) }
        recent.append(RoomSummary.RecentReaction(reaction: reaction.reaction, from: reaction.from, fromHost: reaction.fromHost == true, at: now))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
    }

    /// The ones passed on within `keptFor` of `now`.
    func recent(at now: ServerTime) -> [RoomSummary.RecentReaction] {
        recent.filter { $0.at >= now.advanced(by: -Self.keptFor.inMicroseconds) }
    }
}
