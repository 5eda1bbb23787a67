import CatalogCore
import Logging
import SimulcastCore
import TrackMatching

/// Corrections as the hub takes them: checked against the room that plays the track and the
/// target service's catalog, vouched for and promoted by `CorrectionPromotion`, and kept in
/// the store (so they can be listed and revoked). Applying them to rooms is the hub's part.
struct CorrectionDesk: Sendable {
    /// What a correction became: kept as `stored`, for the track `source` under `key`;
    /// `everyone` is the answer every room now gets, when it is global or was promoted.
    struct Outcome: Sendable {
        var stored: StoredCorrection
        var source: TrackMetadata
        var key: MatchCacheKey
        var everyone: MatchResult?
    }

    let store: any MatchStore
    let matchmaker: TrackMatchmaker
    let limits: ServerLimits
    let clock: any LocalClock
    let logger: Logger
    let promotion = CorrectionPromotion()

    /// Checks and keeps `correction` for `room` (which must play its track); throws `CorrectionRefusal`.
    func take(_ correction: MatchCorrection, in room: LiveRoom, code: String, global: Bool, byHost: Bool, network: String) async throws -> Outcome {
        guard let source = await room.holds(sourceService: correction.sourceService, sourceId: correction.sourceId) else {
            throw CorrectionRefusal(
                .trackNotInRoom,
                "room \(code) is not playing \(correction.sourceService.rawValue.prefix(40)):\(correction.sourceId.prefix(64)); corrections come from the room that plays it"
            )
        }
        guard let storefront = Storefront.normalise(correction.storefront) else {
            throw CorrectionRefusal(.invalidStorefront, "storefront must be a two-letter country code")
        }
        guard let catalog = matchmaker.catalogs[correction.targetService] else {
            throw CorrectionRefusal(
                .noCatalog, "this server has no \(correction.targetService.rawValue.prefix(40)) catalog to check the correction against")
        }
        guard correction.targetId.utf8.count <= limits.wire.maximumIdBytes else {
            throw CorrectionRefusal(.invalidTarget, "targetId is too long")
        }
        let target: TrackMetadata?
        do { target = try await catalog.track(id: correction.targetId, storefront: storefront) } catch {
            throw CorrectionRefusal(.catalogUnavailable, "\(correction.targetService) could not be asked: \(error)")
        }
        guard let target else {
            throw CorrectionRefusal(
                .targetNotFound, "\(correction.targetService) has no track \(correction.targetId.prefix(64)) in storefront \(storefront)")
        }
        let key = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: correction.targetService, storefront: storefront)
        let now = clock.serverClockNow()
        let (roomCreatedAt, listeners) = (await room.stored.createdAt, await room.listeners)
        let vouches = byHost && promotion.vouches(roomCreatedAt: roomCreatedAt, listeners: listeners, at: now)
        var stored = StoredCorrection(
            id: 0, key: key, targetId: target.id, room: code, global: global, byHost: byHost, createdAt: now,
            result: .matched(target, confidence: 1, method: .correction, reasons: ["corrected in room \(code)"]), vouchingNetwork: vouches ? network : nil)
        var promoted = false
        if !global, vouches {
            // Hosts of independent rooms agreeing is evidence enough for everyone.
            let agreeing = try await store.corrections(for: key).filter { $0.targetId == target.id }
            promoted = promotion.promotes(agreeing + [stored])
            stored.global = promoted
        }
        stored.id = try await store.addCorrection(stored)
        logger.notice(
            "match corrected",
            metadata: [
                "room": "\(code)", "source": "\(source.id)", "service": "\(correction.targetService)", "target": "\(target.id)", "global": "\(stored.global)",
                "promoted": "\(promoted)",
            ])
        let everyone =
            stored.global
            ? MatchResult.matched(
                target, confidence: 1, method: .correction,
                reasons: [global ? "corrected by an operator" : "corrected by the hosts of \(promotion.agreeing) independent rooms"]) : nil
        return Outcome(stored: stored, source: source, key: key, everyone: everyone)
    }

    /// Makes `result` every room's cached answer for `key`, until revoked (revoking deletes the
    /// row; ten years stands for "no expiry" without overflow).
    func cacheForEveryone(_ result: MatchResult, key: MatchCacheKey) async throws {
        try await store.cacheMatch(result, for: key, expiresAt: clock.serverClockNow().advanced(by: 10 * 365 * 86_400_000_000))
    }
}
