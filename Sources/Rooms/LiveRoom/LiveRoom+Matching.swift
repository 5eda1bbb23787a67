import Logging
import SimulcastCore

/// Match upkeep: what the room asks the matcher, and the answers and corrections it commits.
/// The bookkeeping is `RoomMatchUpkeep`'s; this is where it meets the store and the hub.
extension LiveRoom {
    func add(_ connection: Connection) {
        connections.add(connection)
        for pair in connection.matchKeys { matchUpkeep.listenerJoined(on: pair) }
    }

    func remove(_ id: Int) -> Connection? {
        guard let connection = connections.remove(id) else { return nil }
        for pair in connection.matchKeys { matchUpkeep.listenerLeft(from: pair) }
        return connection
    }

    /// A listener's fallback service: the room matches its songs there for them too, from now
    /// (within the room's limit of pairs), and stops when they turn it off or leave.
    func setFallback(_ service: MusicService?, for id: Int) -> Wire.Error? {
        guard var connection = connections[id] else { return nil }
        let before = connection.fallbackKey
        connection.fallback = service
        let after = connection.fallbackKey
        guard before != after else { return nil }
        if let after, !matchUpkeep.admits(after, limit: context.limits.matchPairsPerRoom) {
            return Wire.Error(code: .roomFull, message: "room \(code) already follows \(matchUpkeep.pairCount) service and storefront pairs, as many as it may")
        }
        connections[id] = connection
        if let before { matchUpkeep.listenerLeft(from: before) }
        if let after {
            matchUpkeep.listenerJoined(on: after)
            startMatching(for: [after])
        }
        return nil
    }

    /// Whether the room holds `source` (now or queued): corrections come from rooms that play it.
    func holds(sourceService: MusicService, sourceId: String) -> TrackMetadata? {
        stored.state.holds(sourceService: sourceService, sourceId: sourceId)
    }

    /// A match answer for a track; ignored where this room has its own correction.
    func apply(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        guard matchUpkeep.accepts(result, key: key, now: context.clock.serverClockNow()) else { return }
        await setMatch(result, for: source, key: key)
    }

    /// A service answered again after an outage: every track waiting on it is asked again now.
    func serviceRecovered(_ service: MusicService) {
        startMatching(for: matchUpkeep.serviceRecovered(service, now: context.clock.serverClockNow()))
    }

    /// A match another node cached: used if this room holds the track and follows that service.
    func applyCached(_ result: MatchResult, key: MatchCacheKey) async {
        guard let source = holds(sourceService: key.sourceService, sourceId: key.sourceId) else { return }
        await apply(result, for: source, key: key)
    }

    /// A correction made for this room: applied at once and kept with the room.
    func correct(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        matchUpkeep.correct(key, to: result)
        await setMatch(result, for: source, key: key)
    }

    func revokeCorrection(_ key: MatchCacheKey) {
        matchUpkeep.revokeCorrection(key)
    }

    /// Reads this room's corrections again: another node added or revoked one.
    func reloadCorrections() async {
        do {
            var fresh: [MatchCacheKey: MatchResult] = [:]
            for correction in try await context.store.corrections(room: code) { fresh[correction.key] = correction.result }
            matchUpkeep.replaceCorrections(with: fresh)
        } catch {
            context.logger.warning("cannot read the room's corrections", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    /// Sets an answer in the room's state; answers arriving while a match commit waits for its
    /// turn go in that same commit.
    private func setMatch(_ result: MatchResult, for source: TrackMetadata, key: MatchCacheKey) async {
        guard matchUpkeep.enqueue((result, source, key)) else { return }
        await enterWrite()
        defer { leaveWrite() }
        let batch = matchUpkeep.takeQueued()
        await commitInTurn(claim: .none) { state in
            var next = state
            var changed = false
            for match in batch where next.setMatch(match.result, for: match.source, service: match.key.targetService, storefront: match.key.storefront) {
                changed = true
            }
            return changed ? next : nil
        }
    }

    /// Asks the hub's matcher for what the room needs matched for `pairs` now.
    func startMatching(for pairs: Set<ServiceMatchKey>) {
        let outages = context.outages
        let now = context.clock.serverClockNow()
        // A retry not due yet may still go out as the down service's probe (one per node every 20 s).
        let requests = matchUpkeep.requests(for: pairs, in: stored.state, now: now) { outages.mayProbe($0, at: now) }
        for request in requests { context.requestMatch(request.key, request.source) }
    }
}
