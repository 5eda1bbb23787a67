import Logging
import SimulcastCore
import TrackMatching

extension RoomHub {
    /// Applies a correction to the room that made it, at once; `global` (an operator's) makes
    /// it every room's answer. The store keeps it either way, so it can be listed and revoked.
    /// `network`: the client's (`NetworkPrefix`), recorded when a host's correction vouches.
    package func correct(_ correction: MatchCorrection, global: Bool, byHost: Bool, network: String) async throws -> StoredCorrection {
        guard let code = RoomCode.normalise(correction.room), let room = try await room(code: code) else {
            throw CorrectionRefusal(.roomNotFound, "there is no room \(correction.room.prefix(12))")
        }
        let outcome = try await correctionDesk.take(correction, in: room, code: code, global: global, byHost: byHost, network: network)
        await room.correct(outcome.stored.result, for: outcome.source, key: outcome.key)
        await room.suggestionsDecided(outcome.key)
        if let everyone = outcome.everyone {
            try await correctionDesk.cacheForEveryone(everyone, key: outcome.key)
            for other in rooms.values where other !== room { await other.apply(everyone, for: outcome.source, key: outcome.key) }
        }
        return outcome.stored
    }

    /// A listener's suggestion (a correction without the host token): `correction.targetId`
    /// must be one of the versions the matcher's lookups find for the room's song on that
    /// service; the room keeps it for its host and nobody's match changes.
    package func suggest(_ correction: MatchCorrection, network: String) async throws -> MatchSuggestion {
        guard let code = RoomCode.normalise(correction.room), let room = try await room(code: code) else {
            throw CorrectionRefusal(.roomNotFound, "there is no room \(correction.room.prefix(12))")
        }
        guard let source = await room.holds(sourceService: correction.sourceService, sourceId: correction.sourceId) else {
            throw CorrectionRefusal(.trackNotInRoom, "room \(code) is not playing that song; suggestions are for the room's song")
        }
        guard let storefront = Storefront.normalise(correction.storefront) else {
            throw CorrectionRefusal(.invalidStorefront, "storefront must be a two-letter country code")
        }
        let versions: [CandidateAssessment]?
        do { versions = try await matches.versions(of: source, on: correction.targetService, storefront: storefront) } catch {
            throw CorrectionRefusal(.catalogUnavailable, "\(correction.targetService.displayName) could not be searched just now; try again")
        }
        guard let versions else {
            throw CorrectionRefusal(.noCatalog, "this server cannot search \(correction.targetService.displayName)")
        }
        guard let target = versions.lazy.map(\.candidate).first(where: { $0.id == correction.targetId }) else {
            throw CorrectionRefusal(
                .invalidTarget, "a listener suggests one of the versions \"Not this version?\" lists for the room's song; the host may pick any")
        }
        switch await room.suggest(target, for: source, storefront: storefront, from: network) {
        case .success(let suggestion):
            logger.info("version suggested", metadata: ["room": "\(code)", "service": "\(correction.targetService)", "listeners": "\(suggestion.listeners)"])
            return suggestion
        case .failure(.full(let limit)):
            throw CorrectionRefusal(.suggestionsFull, "the room holds \(limit) suggestions for this song, as many as it keeps; the host sees them")
        }
    }

    /// The room's own corrections, or every one for nil, as clients may see them.
    public func corrections(room code: String?) async throws -> [StoredCorrection] {
        try await store.corrections(room: code).map(\.forClients)
    }

    public func correction(id: Int) async throws -> StoredCorrection? { try await store.correction(id: id) }

    /// Revokes a correction: the room (or, for a global one, every room) matches afresh.
    public func revokeCorrection(_ correction: StoredCorrection) async throws {
        try await store.deleteCorrection(id: correction.id)
        if correction.global { try await store.forgetMatch(for: correction.key) }
        if let room = rooms[correction.room] { await room.revokeCorrection(correction.key) }
        logger.notice("correction revoked", metadata: ["id": "\(correction.id)"])
    }
}
