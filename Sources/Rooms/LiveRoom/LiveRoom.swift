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
    /// `stored.state` as a `room.state` message's text, made when it was committed or adopted:
    /// a newcomer is sent these bytes rather than the state encoded again for each join.
    private var storedStateText: (seq: Int, text: String)?
    /// Writes this room's `room.state` messages, reusing the song's JSON while it is the same.
    private var stateWriter = RoomStateWriter()
    var connections = RoomConnectionTable()
    var hostId: Int?
    /// Pairs in use, corrections, retries and answers waiting to be committed.
    var matchUpkeep: RoomMatchUpkeep
    var retired = false
    var idleSince: LocalTime?
    /// The newest `seq` another node announced; a refresh runs while it is ahead of `stored`.
    private var announcedSeq = 0
    /// This node's share as last published, and the merged presence as last sent.
    var publishedPresence: NodePresence?
    var sentPresence: (presence: RoomPresence, text: String)? {
        didSet { presentNames = Set(sentPresence?.presence.listeners.map { DisplayName.folded($0.name) } ?? []) }
    }
    /// This node's share as the last presence tick worked it out, and from what.
    var computedShare: (inputs: PresenceInputs, share: NodePresence)?
    /// The names the last presence showed (from every node), folded: a newcomer's name is made
    /// unique among them too.
    var presentNames: Set<String> = []
    private var refreshing = false
    let context: RoomHub.Context
    private var writeGate = RoomWriteGate()
    /// The host's allowances, kept by the room rather than the connection so reconnecting
    /// does not renew them. They run on the room's clock (virtual in the simulator).
    private var hostStates: TokenBucket
    /// Who may join, and the host's reconnect allowance.
    var admission: RoomAdmission
    /// Reactions: who may send one now, and the last few passed on.
    var reactionBook: RoomReactions
    /// Versions listeners suggested for the room's song, for the host.
    var suggestionBox = SuggestionBox()
    /// Song requests and +1s each address may still send.
    var requestAllowances: RequestAllowances { context.requestAllowances }
    /// Who asked for or backed each open request, by address: one +1 per address, whatever
    /// name it goes by (names can be changed by reconnecting).
    var requestBackers: [String: Set<String>] = [:]

    init(stored: StoredRoom, corrections: [MatchCacheKey: MatchResult], context: RoomHub.Context) {
        self.code = stored.code
        self.stored = stored
        self.matchUpkeep = RoomMatchUpkeep(corrections: corrections)
        self.context = context
        let now = context.clock.now()
        self.idleSince = now
        self.hostStates = TokenBucket(rate: context.limits.hostStatesPerRoom, now: now)
        self.admission = RoomAdmission(code: stored.code, limits: context.limits, now: now)
        self.reactionBook = RoomReactions(limits: context.limits, clock: context.clock)
    }

    var state: RoomState { stored.state }

    /// The room's state as this node last committed or read it.
    package func currentState() -> RoomState { stored.state }

    /// `message` as text; nil (logged) for one JSON cannot carry, which is then not sent or saved.
    func encoded(_ message: WireMessage) -> String? {
        loggingFailure { () throws(WireEncodingError) in try context.codec.encode(message) }
    }

    /// `encode`'s text, or nil with the failure logged: one message not sent, the room goes on.
    private func loggingFailure(_ encode: () throws(WireEncodingError) -> String) -> String? {
        do { return try encode() } catch {
            context.logger.error("cannot encode a message", metadata: ["room": "\(code)", "error": "\(error)"])
            return nil
        }
    }

    /// The room's state as the text of a `room.state` message: the committed bytes when they
    /// are this state's, encoded now otherwise (the state loaded at start).
    func stateText() -> String? {
        if let cached = storedStateText, cached.seq == stored.state.seq { return cached.text }
        guard let text = encodedState(stored.state) else { return nil }
        storedStateText = (stored.state.seq, text)
        return text
    }

    /// `state` as a `room.state` message's text; nil (logged) for one JSON cannot carry.
    func encodedState(_ state: RoomState) -> String? {
        loggingFailure { () throws(WireEncodingError) in try stateWriter.text(for: state) }
    }

    /// Listeners connected to this node.
    var listeners: Int { connections.listenerCount }

    package func verifyHost(token: String) -> Bool { HostToken.verify(token, against: stored.hostTokenHash) }
    var connectionCount: Int { connections.count }

    var hostClaim: HostClaim? { hostId.map { HostClaim(node: context.node, connection: $0) } }

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
            let keys = matchUpkeep.activePairs
            let sharedStore = context.sharedStore
            let snapshot = snapshot.keepingServiceArtwork()
            let result = await commit(claim: .holding(claim)) { state in
                var next = state.applying(snapshot)
                // A new host going on with the room's song on another service: its matches carry over.
                next.carryMatches(from: state.track, pairs: keys)
                // Pairs only other nodes' listeners use are invisible here: with a shared store
                // they are kept while their track stays in the room (the per-node pair limit still holds).
                next.retainMatches(for: sharedStore ? keys.union(next.matchedPairs) : keys)
                return self.matchUpkeep.applyingCorrections(to: next)
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
        case .spotifyAccess(let access):
            guard connection.role == .listener else { return Wire.Error(code: .forbidden, message: "only listeners send listener.spotify-access") }
            connections[id]?.spotifyListed = access.listed
            return nil
        case .fallback(let fallback):
            guard connection.role == .listener else { return Wire.Error(code: .forbidden, message: "only listeners send listener.fallback") }
            return setFallback(fallback.service, for: id)
        case .reaction(let sent):
            return await react(sent, from: id)
        case .requestSong(let sent):
            return await requestSong(sent, from: id)
        case .supportRequest(let sent):
            return await supportRequest(sent, from: id)
        case .requestQueued(let sent):
            return await noteQueued(sent, from: id)
        case .handoverAnswer(let answer):
            return await answerHandover(answer, from: id)
        case .hello:
            return Wire.Error(code: .alreadyJoined, message: "this connection has already said hello")
        case .welcome, .roomState, .timePong, .roomPresence, .roomReaction, .handoverGranted, .error:
            return Wire.Error(code: .forbidden, message: "\(message.type) is sent by the server, not to it")
        case .timePing:
            return nil  // answered by the socket itself, closest to the wire
        }
    }

    // MARK: State

    /// Commits `change` applied to the latest state: a compare-and-set in the store, retried on
    /// top of whatever another commit (on this node or another) put there first. Broadcast
    /// only once the store accepted it, encoded once, the same bytes to every socket.
    @discardableResult
    func commit(claim: ClaimRequirement, _ change: (RoomState) -> RoomState?) async -> CommitResult {
        await enterWrite()
        defer { leaveWrite() }
        return await commitInTurn(claim: claim, change)
    }

    /// Waits for this room's turn to write (`RoomWriteGate`).
    func enterWrite() async {
        if writeGate.tryEnter() { return }
        await withCheckedContinuation { writeGate.wait($0) }
    }

    func leaveWrite() { writeGate.leave() }

    /// `commit` for a caller that holds the turn.
    @discardableResult
    func commitInTurn(claim: ClaimRequirement, newHostTokenHash: String? = nil, _ change: (RoomState) -> RoomState?) async -> CommitResult {
        for _ in 0..<Self.commitAttempts {
            let base = stored
            guard var next = change(base.state) else { return .unchanged }
            next.seq = base.state.seq + 1
            guard let text = encodedState(next) else { return .failed }
            let outcome: CommitOutcome
            do {
                outcome = try await context.store.commitState(
                    StateCommit(
                        code: code, state: next, encoded: text, expectedSeq: base.state.seq, claim: claim, at: context.clock.serverClockNow(),
                        newHostTokenHash: newHostTokenHash))
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
                if let newHostTokenHash { room.hostTokenHash = newHostTokenHash }
                adopt(room, encoded: text)
                await recordIfNewSong(next, after: base.state)
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
        storedStateText = nil
        if let text = encoded ?? encodedState(room.state) {
            storedStateText = (room.state.seq, text)
            context.fanOut.deliver(state: text, to: connections.sockets)
        }
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
                startMatching(for: matchUpkeep.activePairs)
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
