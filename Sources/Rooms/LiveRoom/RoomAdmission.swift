import SimulcastCore

/// The checks a `hello` passes before the room changes, and what the newcomer is told: the
/// host token and the host's reconnect allowance, the listener and pair caps, the name (a
/// refused one is replaced, and the welcome says why) and the retiring-code notice. No I/O:
/// `LiveRoom.join` applies the answer.
struct RoomAdmission {
    /// A newcomer let in: the name others see, the one it chose if the rules took it, its
    /// storefront and what its welcome says.
    struct Admitted: Hashable {
        var name: String
        var chosenName: String?
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
    /// `isNameTaken`: whether a listener in the room goes by a name (`DisplayName.folded`); a
    /// listener's is made unique among them.
    mutating func admit(
        _ hello: Wire.Hello, id: Int, hostTokenHash: String, listeners: Int, isNameTaken: (String) -> Bool, pairs: RoomMatchUpkeep, now: LocalTime
    ) -> Result<Admitted, Refused> {
        let storefront = Storefront.normalise(hello.storefront ?? "us", for: hello.service) ?? "us"
        // Only the host can start a new room; a listener can only ask for the new link.
        let retiring: String? =
            !RoomCode.isLegacy(code)
            ? nil
            : hello.role == .host
                ? "This room's six-character code stops working on \(limits.legacyRoomCodesDay) (UTC). Start a new room before then; its code has ten characters."
                : "This room's code stops working on \(limits.legacyRoomCodesDay) (UTC). Ask the host for a new link before then."
        // A friend who typed "Host" joins as "Listener 7" rather than being turned away.
        let fallback = DisplayName.fallback(number: id)
        let (chosen, problem): (String?, DisplayName.Problem?) =
            switch DisplayName.normalise(hello.name) {
            case .success(let chosen): (chosen, nil)
            case .failure(let problem): (nil, problem)
            }
        guard hello.role == .listener else {
            guard let token = hello.hostToken, HostToken.verify(token, against: hostTokenHash) else {
                return .failure(Refused(error: Wire.Error(code: .invalidHostToken, message: "the host token is missing or wrong for room \(code)")))
            }
            guard hostJoins.take(now: now) else {
                let message = "the host of room \(code) has reconnected too often; try again in a few seconds"
                return .failure(Refused(error: Wire.Error(code: .rateLimited, message: message), limit: .hostJoins))
            }
            let renamed = problem.map { "Your name was not used (\($0)); the room shows no host name." }
            return .success(Admitted(name: fallback, chosenName: chosen, storefront: storefront, notice: Self.joined(retiring, renamed)))
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
        let name = DisplayName.unique(chosen ?? fallback, isTaken: isNameTaken)
        let renamed =
            problem.map { "Your name was not used (\($0)); the others see you as \(name)." }
            ?? (chosen != nil && name != chosen ? "Someone here already goes by \(chosen!); the others see you as \(name)." : nil)
        return .success(Admitted(name: name, chosenName: chosen, storefront: storefront, notice: Self.joined(retiring, renamed)))
    }

    private static func joined(_ notices: String?...) -> String? {
        let text = notices.compactMap { $0 }.joined(separator: " ")
        return text.isEmpty ? nil : text
    }
}
