import Logging
import SimulcastCore

/// Song requests: a listener asks (`request.song`) or backs another's (`request.support`), the
/// host answers (REST, host token), the host's player says what it did (`request.queued`). Each
/// is a commit of the room's state, so every node and listener sees the same list.
extension LiveRoom {
    func requestSong(_ sent: Wire.RequestSong, from id: Int) async -> Wire.Error? {
        guard let connection = connections[id], connection.role == .listener, let service = connection.service else {
            return Wire.Error(code: .forbidden, message: "only listeners who named their service ask for songs")
        }
        if let problem = context.limits.wire.problem(with: sent) { return Wire.Error(code: .malformedMessage, message: problem) }
        guard state.takesRequests else { return SongRequestRefusal.requestsOff.wireError }
        guard let hostService = state.track?.source.service else { return SongRequestRefusal.nothingPlaying.wireError }
        guard requestAllowances.requests.take(connection.socket.address.ip) else {
            context.metrics.limitHit(.songRequestRate)
            return SongRequestRefusal.rateLimited(perMinute: requestAllowances.requestsPerMinute).wireError
        }
        let asked: TrackMetadata
        let match: MatchResult
        switch await context.lookUpRequest(sent.trackId, service, connection.storefront, hostService) {
        case .found(let track, let result): (asked, match) = (track, result)
        case .notFound: return SongRequestRefusal.notFound(service: service).wireError
        case .noCatalog(let service):
            return Wire.Error(code: .invalidState, message: "this server has no \(service.displayName) catalog to look the song up in")
        case .unavailable: return SongRequestRefusal.lookupFailed.wireError
        }
        let requestId = Self.newRequestId()
        let note = Self.whyNoMatch(match, on: hostService)
        let (name, now, rules) = (connection.name, context.clock.serverClockNow(), context.limits.songRequests)
        let matched = match.isMatched ? match.track : nil
        let backer = NetworkPrefix.subscriber(connection.socket.address.ip)
        var standing: SongRequest?
        if let error = await commitRequestChange({ state throws(SongRequestRefusal) in
            let before = state.songRequests
            standing = try state.addRequest(id: requestId, asked: asked, match: matched, note: note, by: name, at: now, rules: rules)
            return state.songRequests != before
        }) {
            return error
        }
        if let standing { backed(standing.id, by: backer) }
        context.logger.info("song requested", metadata: ["room": "\(code)", "service": "\(service)", "matched": "\(match.isMatched)"])
        return nil
    }

    func supportRequest(_ sent: Wire.SupportRequest, from id: Int) async -> Wire.Error? {
        guard let connection = connections[id], connection.role == .listener else {
            return Wire.Error(code: .forbidden, message: "only listeners back requests")
        }
        guard sent.id.utf8.count <= context.limits.wire.maximumIdBytes else { return SongRequestRefusal.unknownRequest.wireError }
        guard requestAllowances.supports.take(connection.socket.address.ip) else {
            context.metrics.limitHit(.songRequestRate)
            return Wire.Error(code: .rateLimited, message: "too many +1s from your address; this one was dropped")
        }
        // One +1 per address, whatever name it goes by now.
        let backer = NetworkPrefix.subscriber(connection.socket.address.ip)
        guard requestBackers[sent.id]?.contains(backer) != true else { return nil }
        let (name, rules) = (connection.name, context.limits.songRequests)
        let error = await commitRequestChange { state throws(SongRequestRefusal) in try state.supportRequest(sent.id, by: name, rules: rules) }
        if error == nil { backed(sent.id, by: backer) }
        return error
    }

    /// Records that `backer` asked for or backed request `id`; only open requests are kept.
    private func backed(_ id: String, by backer: String) {
        let open = Set(state.songRequests.filter(\.status.isOpen).map(\.id))
        requestBackers = requestBackers.filter { open.contains($0.key) }
        if open.contains(id) { requestBackers[id, default: []].insert(backer) }
    }

    /// The host's player took (or refused) an accepted request.
    func noteQueued(_ sent: Wire.RequestQueued, from id: Int) async -> Wire.Error? {
        guard connections[id]?.role == .host else { return Wire.Error(code: .forbidden, message: "only the host's player says what it queued") }
        if let problem = context.limits.wire.problem(with: sent) { return Wire.Error(code: .malformedMessage, message: problem) }
        let rules = context.limits.songRequests
        return await commitRequestChange { state in state.noteQueued(sent.id, queued: sent.queued, reason: sent.reason, rules: rules) }
    }

    /// The host's answer to a request (`POST /v1/rooms/{code}/requests/{id}`, host token
    /// checked). False when the answer could not be saved.
    package func answerRequest(_ id: String, accept: Bool) async throws(SongRequestRefusal) -> Bool {
        let rules = context.limits.songRequests
        switch await changeRequests({ state throws(SongRequestRefusal) in
            try state.answerRequest(id, accept: accept, rules: rules)
            return true
        }) {
        case .failure(let refusal): throw refusal
        case .success(let saved): return saved
        }
    }

    /// The host turns requests on or off, or answers them all itself (`PUT /v1/rooms/{code}/requests`).
    package func setRequestPolicy(_ policy: RequestPolicy) async -> Bool {
        let result = await commit(claim: .none) { state in
            guard state.requestPolicy ?? .off != policy else { return nil }
            var next = state
            next.requestPolicy = policy
            return next
        }
        if case .failed = result { return false }
        return true
    }

    /// Commits `change` when it changes the requests; its refusal, or a failed save, as the wire's error.
    private func commitRequestChange(_ change: (inout RoomState) throws(SongRequestRefusal) -> Bool) async -> Wire.Error? {
        switch await changeRequests(change) {
        case .failure(let refusal): refusal.wireError
        case .success(true): nil
        case .success(false): Wire.Error(code: .internalError, message: "the change could not be saved; try again")
        }
    }

    /// Commits `change` (true: it changed something). Success(false): the store failed.
    private func changeRequests(_ change: (inout RoomState) throws(SongRequestRefusal) -> Bool) async -> Result<Bool, SongRequestRefusal> {
        var refusal: SongRequestRefusal?
        let result = await commit(claim: .none) { state in
            var next = state
            do throws(SongRequestRefusal) {
                return try change(&next) ? next : nil
            } catch {
                refusal = error
                return nil
            }
        }
        if let refusal { return .failure(refusal) }
        if case .failed = result { return .success(false) }
        return .success(true)
    }

    /// A request's id: unique within its room, nothing more (it names no one).
    static func newRequestId() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<12).map { _ in "0123456789abcdef".randomElement(using: &generator) ?? "0" })
    }

    /// Why a requested song has no match on the host's service, in words shown to the room.
    static func whyNoMatch(_ match: MatchResult, on service: MusicService) -> String? {
        switch match.status {
        case .matched: match.track == nil ? "not on \(service.displayName)" : nil
        case .notFound: "not on \(service.displayName) in this country"
        case .ambiguous: "\(service.displayName) has no version the matcher is sure of"
        case .unavailable: "\(service.displayName) could not be asked just now; ask again later"
        }
    }
}
