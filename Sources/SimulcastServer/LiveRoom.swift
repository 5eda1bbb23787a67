import Logging
import SimulcastCore

/// One loaded room: its connections and authoritative state. Each room is its own actor, so
/// rooms run in parallel and a busy room never delays another. Every change is saved, then
/// broadcast: a listener that connects at any moment gets the latest saved state.
actor LiveRoom {
    struct Connection {
        var id: Int
        var role: ParticipantRole
        var service: MusicService?
        var storefront: String
        var socket: RoomSocket
        var lastReport: Wire.ListenerReport?

        var matchKey: ServiceMatchKey? { role == .listener ? service.map { ServiceMatchKey(service: $0, storefront: storefront) } : nil }
        var wireId: String { "c\(id)" }
    }

    enum JoinOutcome {
        case joined(connectionId: Int)
        case refused(Wire.Error)
        /// The room was unloaded between lookup and join: look it up again.
        case retired
    }

    let code: String
    private(set) var stored: StoredRoom
    private var connections: [Int: Connection] = [:]
    private var hostId: Int?
    /// Kept as connections come and go, so a join costs O(1), not a pass over every listener.
    private var listenerCount = 0
    private var matchKeyUse: [ServiceMatchKey: Int] = [:]
    /// Matches this room's host (or participants) corrected for this room only.
    private var corrections: [MatchCacheKey: MatchResult]
    private var retired = false
    private var idleSince: ContinuousClock.Instant? = .now
    private let context: RoomHub.Context

    init(stored: StoredRoom, corrections: [MatchCacheKey: MatchResult], context: RoomHub.Context) {
        self.code = stored.code
        self.stored = stored
        self.corrections = corrections
        self.context = context
    }

    var state: RoomState { stored.state }

    func verifyHost(token: String) -> Bool { HostToken.verify(token, against: stored.hostTokenHash) }
    var connectionCount: Int { connections.count }

    // MARK: Connections

    func join(hello: Wire.Hello, id: Int, socket: RoomSocket) async -> JoinOutcome {
        guard !retired else { return .retired }
        let limits = context.limits
        if hello.role == .host {
            guard let token = hello.hostToken, HostToken.verify(token, against: stored.hostTokenHash) else {
                return .refused(Wire.Error(code: .invalidHostToken, message: "the host token is missing or wrong for room \(code)"))
            }
        } else {
            guard listenerCount < limits.listenersPerRoom else {
                context.metrics.limitHit(.listenersPerRoom)
                return .refused(Wire.Error(code: .roomFull, message: "room \(code) has \(listenerCount) listeners, as many as it may hold"))
            }
        }
        let storefront = Storefront.normalise(hello.storefront ?? "us", for: hello.service) ?? "us"
        let connection = Connection(id: id, role: hello.role, service: hello.service, storefront: storefront, socket: socket)
        if let key = connection.matchKey {
            guard matchKeyUse[key] != nil || matchKeyUse.count < limits.matchPairsPerRoom else {
                context.metrics.limitHit(.matchPairs)
                return .refused(Wire.Error(code: .roomFull, message: "room \(code) already follows \(matchKeyUse.count) service and storefront pairs, as many as it may"))
            }
        }
        if hello.role == .host, let previous = hostId, let old = remove(previous) {
            // Two hosts must never interleave: the newer connection wins, the older is told why.
            context.metrics.connections(.host).decrement()
            old.socket.send(control: WireMessage.error(.hostReplaced, "another connection with this room's host token took over"))
            old.socket.close(code: 4409, reason: "host replaced")
            context.logger.notice("host replaced", metadata: ["room": "\(code)", "old": "\(old.wireId)", "new": "c\(id)"])
        }
        add(connection)
        idleSince = nil
        if hello.role == .host { hostId = id }
        context.metrics.connections(hello.role).increment()
        context.logger.info("joined", metadata: ["room": "\(code)", "connection": "c\(id)", "role": "\(hello.role.rawValue)", "service": "\(hello.service?.rawValue ?? "-")"])

        if let key = connection.matchKey {
            // The newcomer's own corrections are in the state it is about to receive.
            stored.state = applyingCorrections(to: stored.state)
            startMatching(for: [key])
        }
        socket.send(control: .welcome(Wire.Welcome(role: hello.role, room: code, connectionId: "c\(id)", serverTime: context.clock.nowMicros())))
        if hello.role == .host, !stored.state.hostConnected {
            var next = stored.state
            next.hostConnected = true
            next.seq += 1
            await commit(next)
        } else {
            socket.send(state: StateFrame(text: context.codec.encode(.roomState(stored.state))))
        }
        return .joined(connectionId: id)
    }

    /// Handles one message from a joined connection; returns an error to send back, if any.
    func receive(_ message: WireMessage, from id: Int) async -> Wire.Error? {
        guard let connection = connections[id] else {
            return Wire.Error(code: .helloRequired, message: "this connection has not joined a room")
        }
        switch message {
        case .hostState(let snapshot):
            guard connection.role == .host else {
                return Wire.Error(code: .forbidden, message: "only the host may publish host.state")
            }
            if let problem = context.limits.wire.problem(with: snapshot, now: ServerInstant(context.clock.nowMicros())) {
                return Wire.Error(code: .invalidState, message: problem)
            }
            var next = stored.state.applying(snapshot)
            let keys = activeMatchKeys()
            next.retainMatches(for: keys)
            await commit(applyingCorrections(to: next))
            startMatching(for: keys)
            return nil
        case .listenerReport(let report):
            guard connection.role == .listener else { return Wire.Error(code: .forbidden, message: "only listeners send listener.report") }
            if let problem = context.limits.wire.problem(with: report, now: ServerInstant(context.clock.nowMicros())) {
                return Wire.Error(code: .invalidState, message: problem)
            }
            connections[id]?.lastReport = report
            return nil
        case .hello:
            return Wire.Error(code: .alreadyJoined, message: "this connection has already said hello")
        case .welcome, .roomState, .timePong, .error:
            return Wire.Error(code: .forbidden, message: "\(message.type) is sent by the server, not to it")
        case .timePing:
            return nil  // answered by the socket itself, closest to the wire
        }
    }

    func leave(id: Int) async {
        guard let connection = remove(id) else { return }
        context.metrics.connections(connection.role).decrement()
        context.logger.info("left", metadata: ["room": "\(code)", "connection": "\(connection.wireId)"])
        if connection.role == .host, hostId == id {
            hostId = nil
            // Listeners let the current track finish and then hold.
            var next = stored.state
            next.hostConnected = false
            next.seq += 1
            await commit(next)
        }
        if connections.isEmpty {
            idleSince = .now
            try? await context.store.touchRoom(code: code, at: context.clock.nowMicros())
        }
    }

    /// Marks the room retired if nobody has been connected for `idleFor`; the hub then drops it.
    func retireIfIdle(for idleFor: Duration) -> Bool {
        guard connections.isEmpty, let idleSince, ContinuousClock.now - idleSince >= idleFor else { return false }
        retired = true
        return true
    }

    /// Closes every connection: server shutdown. Clients reconnect to whoever serves next.
    func closeAll(code closeCode: UInt16, reason: String) {
        retired = true
        for connection in connections.values {
            connection.socket.send(control: WireMessage.error(.shuttingDown, "the server is shutting down; reconnect"))
            connection.socket.close(code: closeCode, reason: reason)
        }
    }

    func summary() -> RoomSummary {
        let listeners = connections.values.filter { $0.role == .listener }.sorted { $0.id < $1.id }.map {
            RoomSummary.Listener(connectionId: $0.wireId, service: $0.service ?? .spotify, storefront: $0.storefront, trackId: $0.lastReport?.trackId, syncErrorMs: $0.lastReport?.syncErrorMs)
        }
        return RoomSummary(code: code, createdAt: stored.createdAt, serverTime: context.clock.nowMicros(), state: stored.state, listeners: listeners)
    }

    // MARK: Matching

    /// The service and storefront pairs listeners use now: the only ones the room keeps.
    func activeMatchKeys() -> Set<ServiceMatchKey> {
        Set(matchKeyUse.keys)
    }

    private func add(_ connection: Connection) {
        connections[connection.id] = connection
        if connection.role == .listener { listenerCount += 1 }
        if let key = connection.matchKey { matchKeyUse[key, default: 0] += 1 }
    }

    private func remove(_ id: Int) -> Connection? {
        guard let connection = connections.removeValue(forKey: id) else { return nil }
        if connection.role == .listener { listenerCount -= 1 }
        if let key = connection.matchKey {
            let left = (matchKeyUse[key] ?? 1) - 1
            matchKeyUse[key] = left > 0 ? left : nil
        }
        return connection
    }

    /// Whether the room holds `source` (now or queued): corrections come from rooms that play it.
    func holds(sourceService: MusicService, sourceId: String) -> TrackMetadata? {
        ([stored.state.track].compactMap { $0 } + stored.state.queue).map(\.source).first { $0.service == sourceService && $0.id == sourceId }
    }

    /// A match answer for a track; ignored where this room has its own correction.
    func apply(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        guard corrections[key] == nil, matchKeyUse[ServiceMatchKey(service: key.targetService, storefront: key.storefront)] != nil else { return }
        var next = stored.state
        if next.setMatch(result, for: source, service: key.targetService, storefront: key.storefront) {
            await commit(next)
        }
    }

    /// A correction made for this room: applied at once and kept with the room.
    func correct(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        corrections[key] = result
        var next = stored.state
        if next.setMatch(result, for: source, service: key.targetService, storefront: key.storefront) { await commit(next) }
    }

    func revokeCorrection(_ key: MatchCacheKey) {
        corrections[key] = nil
    }

    /// `state` with this room's corrections in place of whatever was matched.
    private func applyingCorrections(to state: RoomState) -> RoomState {
        var next = state
        for (key, result) in corrections {
            // Only where it differs: setting a match moves `seq`.
            for held in [state.track].compactMap({ $0 }) + state.queue
            where held.source.service == key.sourceService && held.source.id == key.sourceId && held.match(for: key.targetService, storefront: key.storefront) != result {
                _ = next.setMatch(result, for: held.source, service: key.targetService, storefront: key.storefront)
            }
        }
        return next
    }

    private func startMatching(for keys: Set<ServiceMatchKey>) {
        for key in keys {
            for source in stored.state.tracksNeedingMatch(service: key.service, storefront: key.storefront) {
                let cacheKey = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: key.service, storefront: key.storefront)
                if corrections[cacheKey] == nil { context.requestMatch(cacheKey, source) }
            }
        }
    }

    // MARK: State

    /// Makes `next` the room's state: memory, then the database, then every connection, with
    /// the state encoded once and the same bytes written to every socket.
    private func commit(_ next: RoomState) async {
        stored.state = next
        let text = context.codec.encode(.roomState(next))
        do {
            try await context.store.saveState(next, encoded: text, forRoom: code)
        } catch {
            context.logger.error("cannot save room state", metadata: ["room": "\(code)", "error": "\(error)"])
        }
        guard stored.state.seq == next.seq else { return }  // a newer commit overtook this one while saving
        RoomSocket.broadcast(state: StateFrame(text: text), to: connections.values.map(\.socket))
        context.metrics.broadcast(deliveries: connections.count)
    }
}
