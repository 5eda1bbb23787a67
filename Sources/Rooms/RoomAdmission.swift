import SimulcastCore

/// The checks a `hello` passes before the room changes, and what the newcomer is told: the
/// host token and the host's reconnect allowance, the listener and pair caps, the name (a
/// refused one is replaced, and the welcome says why) and the retiring-code notice. No I/O:
/// `LiveRoom.join` applies the answer.
struct RoomAdmission {
    /// A newcomer let in: the name others see, its storefront and what its welcome says.
    struct Admitted: Hashable {
        var name: String
        var storefront: String
        var notice: String?
    }

    /// A newcomer turned away: what it is told, and the limit it hit (counted by the room).
    struct Refused: Error, Hashable {
        var error: Wire.Error
        var limit: ServerMetrics.Limit?
    }

    let code: String
    let limits: ServerLimits
    /// The host's reconnects, kept by the room so that reconnecting renews nothing.
    private(set) var hostJoins: TokenBucket

    init(code: String, limits: ServerLimits, now: LocalTime) {
        self.code = code
        self.limits = limits
        self.hostJoins = TokenBucket(rate: limits.hostJoinsPerRoom, now: now)
    }

    /// Admits or refuses `hello` as connection `id`; a host takes one reconnect allowance.
    mutating func admit(
        _ hello: Wire.Hello, id: Int, hostTokenHash: String, listeners: Int, pairs: RoomMatchUpkeep, now: LocalTime
    ) -> Result<Admitted, Refused> {
        let storefront = Storefront.normalise(hello.storefront ?? "us", for: hello.service) ?? "us"
        let retiring =
            RoomCode.isLegacy(code)
            ? "This room's six-character code stops working on \(limits.legacyRoomCodesDay) (UTC): the host should start a new room, whose code has ten characters."
            : nil
        // A friend who typed "Host" joins as "Listener 7" rather than being turned away.
        let fallback = DisplayName.fallback(number: id)
        let (name, renamed): (String, String?) =
            switch DisplayName.normalise(hello.name) {
            case .success(let chosen): (chosen ?? fallback, nil)
            case .failure(let problem): (fallback, "Your name was not used (\(problem)); the others see you as \(fallback).")
            }
        guard hello.role == .listener else {
            guard let token = hello.hostToken, HostToken.verify(token, against: hostTokenHash) else {
                return .failure(Refused(error: Wire.Error(code: .invalidHostToken, message: "the host token is missing or wrong for room \(code)")))
            }
            guard hostJoins.take(now: now) else {
                let message = "the host of room \(code) has reconnected too often; try again in a few seconds"
                return .failure(Refused(error: Wire.Error(code: .rateLimited, message: message), limit: .hostJoins))
            }
            return .success(Admitted(name: name, storefront: storefront, notice: retiring))
        }
        guard listeners < limits.listenersPerRoom else {
            let message = "room \(code) has \(listeners) listeners, as many as it may hold"
            return .failure(Refused(error: Wire.Error(code: .roomFull, message: message), limit: .listenersPerRoom))
        }
        if let service = hello.service {
            guard pairs.admits(ServiceMatchKey(service: service, storefront: storefront), limit: limits.matchPairsPerRoom) else {
                let message = "room \(code) already follows \(pairs.pairCount) service and storefront pairs, as many as it may"
                return .failure(Refused(error: Wire.Error(code: .roomFull, message: message), limit: .matchPairs))
            }
        }
        let notice = [retiring, renamed].compactMap { $0 }.joined(separator: " ")
        return .success(Admitted(name: name, storefront: storefront, notice: notice.isEmpty ? nil : notice))
    }
}
