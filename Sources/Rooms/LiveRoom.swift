import Logging
import Prometheus
import SimulcastCore

/// One loaded room: its connections and its copy of the room's state. Each room is its own
/// actor, so rooms run in parallel and a busy room never delays another. Every change is a
/// compare-and-set in the store, broadcast only once the store accepted it; changes other
/// nodes commit arrive through `noteChange` and are read back. Either way a state reaches
/// this room's sockets only if its `seq` is newer than the last one they got.
package actor LiveRoom {
    package nonisolated let code: String
    private(set) var stored: StoredRoom
    private var connections: [Int: Connection] = [:]
    private var hostId: Int?
    /// Kept as connections come and go, so a join costs O(1), not a pass over every listener.
    private var listenerCount = 0
    private var matchKeyUse: [ServiceMatchKey: Int] = [:]
    /// Matches this room's host (or participants) corrected for this room only.
    private var corrections: [MatchCacheKey: MatchResult]
    private var retired = false
    private var idleSince: LocalTime?
    /// The newest `seq` another node announced; a refresh runs while it is ahead of `stored`.
    private var announcedSeq = 0
    /// This node's share as last published, and the merged presence as last sent.
    private var publishedPresence: NodePresence?
    private var sentPresence: (presence: RoomPresence, text: String)?
    private var refreshing = false
    private let context: RoomHub.Context
    private var writeGate = RoomWriteGate()
    /// Match answers waiting for the next match commit: answers that arrive together become one
    /// commit (one `seq`, one broadcast) instead of one each.
    private var pendingMatches: [(result: MatchResult, source: TrackMetadata, key: MatchCacheKey)] = []
    private var matchCommitQueued = false
    /// Tracks the service could not answer for: how many `unavailable` answers in a row, and
    /// when to ask again (`MatchRetrySchedule`).
    private var unavailable: [MatchCacheKey: (answers: Int, due: ServerTime)] = [:]
    private let retrySchedule = MatchRetrySchedule()
    /// The host's allowances, kept by the room rather than the connection so reconnecting
    /// does not renew them. They run on the room's clock (virtual in the simulator).
    private var hostStates: TokenBucket
    private var hostJoins: TokenBucket
    /// Reactions: who may send one now, and the last few passed on.
    private var reactionBook: RoomReactions

    init(stored: StoredRoom, corrections: [MatchCacheKey: MatchResult], context: RoomHub.Context) {
        self.code = stored.code
        self.stored = stored
        self.corrections = corrections
        self.context = context
        let now = context.clock.now()
        self.idleSince = now
        self.hostStates = TokenBucket(rate: context.limits.hostStatesPerRoom, now: now)
        self.hostJoins = TokenBucket(rate: context.limits.hostJoinsPerRoom, now: now)
        self.reactionBook = RoomReactions(limits: context.limits, clock: context.clock)
    }

    var state: RoomState { stored.state }

    /// `message` as text; nil (logged) for one JSON cannot carry, which is then not sent or saved.
    private func encoded(_ message: WireMessage) -> String? {
        do { return try context.codec.encode(message) } catch {
            context.logger.error("cannot encode a message", metadata: ["room": "\(code)", "error": "\(error)"])
            return nil
        }
    }

    /// A presence's size on the wire; one that cannot be encoded counts as too big, so it is trimmed.
    private static func presenceSize(_ codec: WireCodec) -> @Sendable (RoomPresence) -> Int {
        { presence in (try? codec.encode(.roomPresence(presence)))?.utf8.count ?? .max }
    }
    /// Listeners connected to this node.
    var listeners: Int { listenerCount }

    package func verifyHost(token: String) -> Bool { HostToken.verify(token, against: stored.hostTokenHash) }
    var connectionCount: Int { connections.count }

    // MARK: Connections

    func join(hello: Wire.Hello, id: Int, socket: any RoomPeer) async -> JoinOutcome {
        guard !retired else { return .retired }
        let limits = context.limits
        if hello.role == .host {
            guard let token = hello.hostToken, HostToken.verify(token, against: stored.hostTokenHash) else {
                return .refused(Wire.Error(code: .invalidHostToken, message: "the host token is missing or wrong for room \(code)"))
            }
            guard hostJoins.take(now: context.clock.now()) else {
                context.metrics.limitHit(.hostJoins)
                return .refused(
                    Wire.Error(code: .rateLimited, message: "the host of room \(code) has reconnected too often; try again in a few seconds"))
            }
        } else {
            guard listenerCount < limits.listenersPerRoom else {
                context.metrics.limitHit(.listenersPerRoom)
                return .refused(Wire.Error(code: .roomFull, message: "room \(code) has \(listenerCount) listeners, as many as it may hold"))
            }
        }
        let storefront = Storefront.normalise(hello.storefront ?? "us", for: hello.service) ?? "us"
        // A name the rules refuse is replaced, and the welcome says why: a friend who typed
        // "Host" joins as "Listener 7" rather than being turned away.
        let fallback = DisplayName.fallback(number: id)
        var nameNotice: String?
        let name: String
        switch DisplayName.normalise(hello.name) {
        case .success(let chosen): name = chosen ?? fallback
        case .failure(let problem):
            name = fallback
            nameNotice = "Your name was not used (\(problem)); the others see you as \(fallback)."
        }
        let connection = Connection(
            id: id, role: hello.role, service: hello.service, storefront: storefront, socket: socket, name: name, joinedAt: context.clock.serverClockNow(),
            reactions: TokenBucket(rate: limits.reactionsPerConnection, now: context.clock.now()))
        if let key = connection.matchKey {
            guard matchKeyUse[key] != nil || matchKeyUse.count < limits.matchPairsPerRoom else {
                context.metrics.limitHit(.matchPairs)
                return .refused(
                    Wire.Error(code: .roomFull, message: "room \(code) already follows \(matchKeyUse.count) service and storefront pairs, as many as it may"))
            }
        }
        if hello.role == .host {
            // Two hosts must never interleave: the newer connection claims the room in the
            // database, whichever node it is on; the older one is told why and closed.
            if let previous = hostId { dropReplacedHost(previous, by: "c\(id)") }
            let claim = HostClaim(node: context.node, connection: id)
            let taken = await commit(claim: .taking(claim)) { state in
                var next = state
                next.hostConnected = true
                return next
            }
            guard taken == .committed, !retired else {
                return .refused(Wire.Error(code: .internalError, message: "the room's host could not be recorded; try again"))
            }
            hostId = id
        }
        add(connection)
        idleSince = nil
        context.metrics.connections(hello.role).increment()
        context.logger.info(
            "joined", metadata: ["room": "\(code)", "connection": "c\(id)", "role": "\(hello.role.rawValue)", "service": "\(hello.service?.rawValue ?? "-")"])
        let retiring =
            RoomCode.isLegacy(code)
            ? "This room's six-character code stops working on \(context.limits.legacyRoomCodesDay) (UTC): the host should start a new room, whose code has ten characters."
            : nil
        let notice = [retiring, hello.role == .listener ? nameNotice : nil].compactMap { $0 }.joined(separator: " ")
        socket.send(
            control: .welcome(
                Wire.Welcome(
                    role: hello.role, room: code, connectionId: "c\(id)", serverTime: context.clock.serverClockNow(), notice: notice.isEmpty ? nil : notice,
                    name: hello.role == .listener ? name : nil)))
        let seenBefore = stored.state.seq
        if let key = connection.matchKey {
            // The newcomer's own corrections are in the state it is about to receive.
            await commit(claim: .none) { state in
                let corrected = self.applyingCorrections(to: state)
                return corrected == state ? nil : corrected
            }
            startMatching(for: [key])
        }
        // A commit since it was added reached it by broadcast; otherwise it gets the state now.
        if stored.state.seq == seenBefore || hello.role == .host {
            if let text = encoded(.roomState(stored.state)) { socket.send(state: text) }
        }
        // Who is here, as of the last presence tick (the next one counts the newcomer).
        if let presence = sentPresence { socket.send(controlText: presence.text) }
        return .joined(connectionId: id)
    }

    private func dropReplacedHost(_ id: Int, by newer: String) {
        if hostId == id { hostId = nil }
        guard let old = remove(id) else { return }
        context.metrics.connections(.host).decrement()
        old.socket.send(control: WireMessage.error(.hostReplaced, "another connection with this room's host token took over"))
        old.socket.close(code: 4409, reason: "host replaced")
        context.logger.notice("host replaced", metadata: ["room": "\(code)", "old": "\(old.wireId)", "new": "\(newer)"])
    }

    private var hostClaim: HostClaim? { hostId.map { HostClaim(node: context.node, connection: $0) } }

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
            if let problem = context.limits.wire.problem(with: snapshot, now: context.clock.serverClockNow()) {
                return Wire.Error(code: .invalidState, message: problem)
            }
            guard let claim = hostClaim, claim.connection == id else {
                return Wire.Error(code: .hostReplaced, message: "another connection with this room's host token took over")
            }
            guard hostStates.take(now: context.clock.now()) else {
                context.metrics.limitHit(.hostStateRate)
                let rate = Int(context.limits.hostStatesPerRoom.perSecond)
                return Wire.Error(code: .rateLimited, message: "this room takes at most \(rate) host states a second, across reconnects; this one was dropped")
            }
            let keys = activeMatchKeys()
            let sharedStore = context.sharedStore
            let snapshot = snapshot.keepingServiceArtwork()
            let result = await commit(claim: .holding(claim)) { state in
                var next = state.applying(snapshot)
                // Pairs only other nodes' listeners use are invisible here: with a shared store
                // they are kept while their track stays in the room (the per-node pair limit still holds).
                next.retainMatches(for: sharedStore ? keys.union(next.matchedPairs) : keys)
                return self.applyingCorrections(to: next)
            }
            switch result {
            case .committed, .unchanged:
                startMatching(for: keys)
                return nil
            case .refused:
                return nil  // the host was replaced on another node and has been closed
            case .failed:
                return Wire.Error(code: .internalError, message: "the room's state could not be saved; it was not sent to listeners (send it again)")
            }
        case .listenerReport(let report):
            guard connection.role == .listener else { return Wire.Error(code: .forbidden, message: "only listeners send listener.report") }
            if let problem = context.limits.wire.problem(with: report, now: context.clock.serverClockNow()) {
                return Wire.Error(code: .invalidState, message: problem)
            }
            connections[id]?.lastReport = report
            return nil
        case .reaction(let sent):
            return await react(sent, from: id)
        case .hello:
            return Wire.Error(code: .alreadyJoined, message: "this connection has already said hello")
        case .welcome, .roomState, .timePong, .roomPresence, .roomReaction, .error:
            return Wire.Error(code: .forbidden, message: "\(message.type) is sent by the server, not to it")
        case .timePing:
            return nil  // answered by the socket itself, closest to the wire
        }
    }

    /// A reaction from connection `id`: checked by `RoomReactions`, sent to this node's
    /// connections and announced to the other nodes. Never stored.
    private func react(_ sent: Wire.SendReaction, from id: Int) async -> Wire.Error? {
        guard var connection = connections[id] else { return nil }
        let listener = connection.role == .host ? nil : (name: connection.name, address: connection.socket.address.ip)
        let decision = reactionBook.admit(sent.reaction, listener: listener, allowance: &connection.reactions, now: context.clock.now())
        connections[id] = connection
        return await passOn(decision)
    }

    /// A reaction from the host's page (`POST /v1/rooms/{code}/reactions`, host token checked).
    package func reactAsHost(_ name: String) async -> Wire.Error? {
        await passOn(reactionBook.admitFromHostPage(name, now: context.clock.now()))
    }

    private func passOn(_ decision: Result<Wire.RoomReaction, RoomReactions.Refusal>) async -> Wire.Error? {
        let passed: Wire.RoomReaction
        switch decision {
        case .failure(let refusal):
            if case .unknown = refusal {} else { context.metrics.limitHit(.reactionRate) }
            return refusal.wireError
        case .success(let reaction): passed = reaction
        }
        context.metrics.reactionPassedOn(passed.reaction)
        pass(passed)
        if context.sharedStore {
            do { try await context.store.publishReaction(passed, room: code, node: context.node) } catch {
                context.logger.notice("a reaction did not reach the other nodes", metadata: ["room": "\(code)", "error": "\(error)"])
            }
        }
        return nil
    }

    /// Sends a reaction to every connection on this node (one shared buffer, as presence).
    package func pass(_ reaction: Wire.RoomReaction) {
        reactionBook.remember(reaction, at: context.clock.serverClockNow())
        guard !connections.isEmpty else { return }
        guard let text = encoded(.roomReaction(reaction)) else { return }
        context.fanOut.deliver(control: text, to: connections.values.map(\.socket))
    }

    func leave(id: Int) async {
        guard let connection = remove(id) else { return }
        context.metrics.connections(connection.role).decrement()
        context.logger.info("left", metadata: ["room": "\(code)", "connection": "\(connection.wireId)"])
        if connection.role == .host, let claim = hostClaim, claim.connection == id {
            hostId = nil
            // Listeners let the current track finish and then hold (unless another connection took over meanwhile).
            await commit(claim: .releasing(claim)) { state in
                var next = state
                next.hostConnected = false
                return next
            }
        }
        if connections.isEmpty {
            idleSince = context.clock.now()
            try? await context.store.touchRoom(code: code, at: context.clock.serverClockNow())
            context.roomEmptied()
        }
    }

    /// Marks the room retired if nobody has been connected for `idleFor`; the hub then drops it.
    func retireIfIdle(for idleFor: Duration) -> Bool {
        guard connections.isEmpty, let idleSince, idleSince.distance(to: context.clock.now()) >= idleFor.inMicroseconds else { return false }
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

    // MARK: Presence

    /// This node's listeners, for presence.
    private var presenceMembers: [NodePresence.Member] {
        connections.values.compactMap { connection in
            guard connection.role == .listener, let service = connection.service else { return nil }
            return NodePresence.Member(
                name: connection.name, service: service, storefront: connection.storefront, report: connection.lastReport, joinedAt: connection.joinedAt,
                connection: connection.id)
        }
    }

    /// The room's presence across every node now: this node's share merged with the others'
    /// (read from a shared store), or alone.
    package func currentPresence() async -> RoomPresence {
        let share = NodePresence(members: presenceMembers, room: stored.state, node: context.node)
        if let presence = await merged(with: share) { return presence }
        return NodePresence.merge([share], hostConnected: stored.state.hostConnected).within(encodedSize: Self.presenceSize(context.codec))
    }

    /// `share` with every other live node's (from a shared store), or alone; nil when the
    /// store could not be read.
    private func merged(with share: NodePresence) async -> RoomPresence? {
        let measure = Self.presenceSize(context.codec)
        guard context.sharedStore else { return NodePresence.merge([share], hostConnected: stored.state.hostConnected).within(encodedSize: measure) }
        guard let shares = try? await context.store.presence(room: code) else { return nil }
        return NodePresence.merge(shares, hostConnected: stored.state.hostConnected).within(encodedSize: measure)
    }

    /// Once a second (RoomHub.runPresence): publishes this node's share when it changed, and
    /// sends the merged presence to this node's connections when that changed. Listener
    /// reports only update their connection: the broadcast path pays nothing per report.
    package func presenceTick() async {
        let share = NodePresence(members: presenceMembers, room: stored.state, node: context.node)
        if context.sharedStore, share != publishedPresence {
            do {
                try await context.store.publishPresence(share, room: code, node: context.node)
                publishedPresence = share
            } catch {
                context.logger.warning("cannot publish presence", metadata: ["room": "\(code)", "error": "\(error)"])
            }
        }
        // Nobody here to tell: no read of the other nodes' shares (a joiner gets the next tick's).
        guard !connections.isEmpty, let presence = await merged(with: share), presence != sentPresence?.presence else { return }
        guard let text = encoded(.roomPresence(presence)) else { return }
        sentPresence = (presence, text)
        context.metrics.presenceSent.increment()
        context.fanOut.deliver(control: text, to: connections.values.map(\.socket))
    }

    package func summary() async -> RoomSummary {
        // A listener always said its service (`WireLimits` refuses a hello without one).
        let listeners = connections.values.filter { $0.role == .listener }.sorted { $0.id < $1.id }.compactMap { connection in
            connection.service.map {
                RoomSummary.Listener(
                    connectionId: connection.wireId, service: $0, storefront: connection.storefront, trackId: connection.lastReport?.trackId,
                    syncErrorMs: connection.lastReport?.syncErrorMs, outputLatencyMs: connection.lastReport?.outputLatencyMs)
            }
        }
        var summary = RoomSummary(
            code: code, createdAt: stored.createdAt, serverTime: context.clock.serverClockNow(), state: stored.state, listeners: listeners)
        summary.presence = await currentPresence()
        summary.reactions = reactionBook.recent(at: context.clock.serverClockNow())
        return summary
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
        if result.status == .unavailable {
            let answers = (unavailable[key]?.answers ?? 0) + 1
            unavailable[key] = (answers, context.clock.serverClockNow().advanced(by: retrySchedule.wait(afterUnavailableAnswers: answers)))
        } else {
            unavailable[key] = nil
        }
        await setMatch(result, for: source, key: key)
    }

    /// A service answered again after an outage: every track waiting on it is asked again now.
    func serviceRecovered(_ service: MusicService) {
        let now = context.clock.serverClockNow()
        for key in unavailable.keys where key.targetService == service { unavailable[key] = (answers: 0, due: now) }
        startMatching(for: Set(matchKeyUse.keys.filter { $0.service == service }))
    }

    /// A match another node cached: used if this room holds the track and follows that service.
    func applyCached(_ result: MatchResult, key: MatchCacheKey) async {
        guard let source = holds(sourceService: key.sourceService, sourceId: key.sourceId) else { return }
        await apply(result, for: source, key: key)
    }

    /// A correction made for this room: applied at once and kept with the room.
    func correct(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        corrections[key] = result
        await setMatch(result, for: source, key: key)
    }

    func revokeCorrection(_ key: MatchCacheKey) {
        corrections[key] = nil
    }

    /// Reads this room's corrections again: another node added or revoked one.
    func reloadCorrections() async {
        do {
            var fresh: [MatchCacheKey: MatchResult] = [:]
            for correction in try await context.store.corrections(room: code) { fresh[correction.key] = correction.result }
            corrections = fresh
        } catch {
            context.logger.warning("cannot read the room's corrections", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    private func setMatch(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        pendingMatches.append((result, source, key))
        // A match commit already waiting for its turn will take this answer too.
        guard !matchCommitQueued else { return }
        matchCommitQueued = true
        await enterWrite()
        defer { writeGate.leave() }
        matchCommitQueued = false
        let batch = pendingMatches
        pendingMatches = []
        await commitInTurn(claim: .none) { state in
            var next = state
            var changed = false
            for match in batch where next.setMatch(match.result, for: match.source, service: match.key.targetService, storefront: match.key.storefront) {
                changed = true
            }
            return changed ? next : nil
        }
    }

    /// `state` with this room's corrections in place of whatever was matched.
    private func applyingCorrections(to state: RoomState) -> RoomState {
        var next = state
        for (key, result) in corrections {
            // Only where it differs: setting a match moves `seq`.
            for held in [state.track].compactMap({ $0 }) + state.queue
            where held.source.service == key.sourceService && held.source.id == key.sourceId
                && held.match(for: key.targetService, storefront: key.storefront) != result
            {
                _ = next.setMatch(result, for: held.source, service: key.targetService, storefront: key.storefront)
            }
        }
        return next
    }

    private func startMatching(for keys: Set<ServiceMatchKey>) {
        let now = context.clock.serverClockNow()
        for key in keys {
            for source in stored.state.tracksNeedingMatch(service: key.service, storefront: key.storefront) {
                let cacheKey = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: key.service, storefront: key.storefront)
                if corrections[cacheKey] == nil { context.requestMatch(cacheKey, source) }
            }
            // What the service could not answer is asked again when due, while the room holds it.
            for source in stored.state.tracks(whoseMatchIs: .unavailable, service: key.service, storefront: key.storefront) {
                let cacheKey = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: key.service, storefront: key.storefront)
                let retry = unavailable[cacheKey] ?? (answers: 0, due: now)
                // Not due yet: it may still go out as the down service's probe (one per node every 20 s).
                guard corrections[cacheKey] == nil, retry.due <= now || context.outages.mayProbe(key.service, at: now) else { continue }
                // Not asked again while this one is out.
                unavailable[cacheKey] = (retry.answers, now.advanced(by: retrySchedule.wait(afterUnavailableAnswers: retry.answers)))
                context.requestMatch(cacheKey, source)
            }
        }
        if unavailable.count > 256 {
            unavailable = unavailable.filter { holds(sourceService: $0.key.sourceService, sourceId: $0.key.sourceId) != nil }
        }
    }

    // MARK: State

    /// Commits `change` applied to the latest state: a compare-and-set in the store, retried on
    /// top of whatever another commit (on this node or another) put there first. Broadcast
    /// only once the store accepted it, encoded once, the same bytes to every socket.
    @discardableResult
    private func commit(claim: ClaimRequirement, _ change: (RoomState) -> RoomState?) async -> CommitResult {
        await enterWrite()
        defer { writeGate.leave() }
        return await commitInTurn(claim: claim, change)
    }

    /// Waits for this room's turn to write (`RoomWriteGate`).
    private func enterWrite() async {
        if writeGate.tryEnter() { return }
        await withCheckedContinuation { writeGate.wait($0) }
    }

    /// `commit` for a caller that holds the turn.
    @discardableResult
    private func commitInTurn(claim: ClaimRequirement, _ change: (RoomState) -> RoomState?) async -> CommitResult {
        for _ in 0..<Self.commitAttempts {
            let base = stored
            guard var next = change(base.state) else { return .unchanged }
            next.seq = base.state.seq + 1
            guard let text = encoded(.roomState(next)) else { return .failed }
            let outcome: CommitOutcome
            do {
                outcome = try await context.store.commitState(
                    StateCommit(code: code, state: next, encoded: text, expectedSeq: base.state.seq, claim: claim, at: context.clock.serverClockNow()))
            } catch {
                context.metrics.storeFailure()
                context.logger.error("cannot save room state", metadata: ["room": "\(code)", "error": "\(error)"])
                return .failed
            }
            switch outcome {
            case .committed:
                var room = base
                room.state = next
                if let resulting = claim.resulting { room.hostClaim = resulting }
                adopt(room, encoded: text)
                return .committed
            case .conflict(let current):
                context.metrics.commitConflict()
                adopt(current, encoded: nil)
                if let required = claim.required, stored.hostClaim != required { return .refused }
            case .missing:
                context.logger.warning("room deleted while in use", metadata: ["room": "\(code)"])
                return .failed
            }
        }
        context.metrics.commitDropped()
        context.logger.error("room state kept changing under this node; change dropped", metadata: ["room": "\(code)"])
        return .failed
    }

    /// Each attempt loses only to a commit that succeeded on another node (this node's own
    /// writers take turns), so this bounds contention between nodes, not progress.
    static let commitAttempts = 16

    /// Makes `room` this node's copy if it is newer, and sends it to every socket here. A host
    /// claim that moved to another connection closes the host this node holds.
    private func adopt(_ room: StoredRoom, encoded: String?) {
        guard room.state.seq > stored.state.seq else { return }
        stored = room
        if let text = encoded ?? self.encoded(.roomState(room.state)) { context.fanOut.deliver(state: text, to: connections.values.map(\.socket)) }
        context.metrics.broadcast(deliveries: connections.count)
        if let hostId, room.hostClaim != HostClaim(node: context.node, connection: hostId) {
            dropReplacedHost(hostId, by: room.hostClaim.map(\.description) ?? "nobody")
        }
    }

    /// Another node committed `seq`. True when this node's copy is older and no read is
    /// running: the caller then runs `refresh()`. At most one read runs per room;
    /// announcements arriving meanwhile fold into it.
    func noteChange(seq: Int) -> Bool {
        announcedSeq = max(announcedSeq, seq)
        guard !refreshing, announcedSeq > stored.state.seq else { return false }
        refreshing = true
        return true
    }

    /// Reads the room back until this node's copy is as new as the newest announcement.
    func refresh() async {
        defer { refreshing = false }
        while announcedSeq > stored.state.seq {
            let wanted = announcedSeq
            do {
                guard let room = try await context.store.room(code: code) else { return }
                adopt(room, encoded: nil)
                // Another node's host may have moved to a track this node's listeners still need matched.
                startMatching(for: activeMatchKeys())
                // The row is already past what was announced, or the announcement was our own echo.
                if room.state.seq < wanted { announcedSeq = room.state.seq }
            } catch {
                context.logger.warning("cannot read another node's change", metadata: ["room": "\(code)", "error": "\(error)"])
                return
            }
        }
    }

    /// A host claim whose node died: the room shows its host gone until the host reconnects
    /// (to any node). A claim this node holds is never dead.
    func releaseDeadClaim(_ claim: HostClaim?) async {
        guard stored.state.hostConnected, claim == stored.hostClaim, claim?.node != context.node else { return }
        let requirement: ClaimRequirement = claim.map { .releasing($0) } ?? .none
        await commit(claim: requirement) { state in
            guard state.hostConnected else { return nil }
            var next = state
            next.hostConnected = false
            return next
        }
    }
}
