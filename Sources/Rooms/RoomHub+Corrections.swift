import Logging
import SimulcastCore

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
        if let everyone = outcome.everyone {
            try await correctionDesk.cacheForEveryone(everyone, key: outcome.key)
            for other in rooms.values where other !== room { await other.apply(everyone, for: outcome.source, key: outcome.key) }
        }
        return outcome.stored
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
