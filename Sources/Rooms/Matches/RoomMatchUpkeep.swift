import SimulcastCore

/// A room's match upkeep, a value its actor holds: which service and storefront pairs its
/// listeners here use, the room's own corrections, the tracks a service could not answer for
/// and when to ask again, and answers waiting to be committed together. No I/O: the room
/// asks it what to request and what to commit, and does the asking and committing.
struct RoomMatchUpkeep {
    typealias Request = (key: MatchCacheKey, source: TrackMetadata)
    typealias Answer = (result: MatchResult, source: TrackMetadata, key: MatchCacheKey)

    /// Matches this room's host (or participants) corrected for this room only.
    private(set) var corrections: [MatchCacheKey: MatchResult]
    /// How many listeners here use each pair; a pair nobody uses is not kept.
    private var pairUse: [ServiceMatchKey: Int] = [:]
    /// Tracks the service could not answer for: how many `unavailable` answers in a row, and
    /// when to ask again (`MatchRetrySchedule`).
    private var unavailable: [MatchCacheKey: (answers: Int, due: ServerTime)] = [:]
    private let retrySchedule: MatchRetrySchedule
    /// Answers waiting for the next match commit: answers that arrive together become one
    /// commit (one `seq`, one broadcast) instead of one each.
    private var queued: [Answer] = []
    private var commitQueued = false
    /// Past this many remembered `unavailable` tracks, those the room no longer holds are forgotten.
    static let unavailableKept = 256

    init(corrections: [MatchCacheKey: MatchResult], retrySchedule: MatchRetrySchedule = MatchRetrySchedule()) {
        self.corrections = corrections
        self.retrySchedule = retrySchedule
    }

    // MARK: Pairs in use

    /// The service and storefront pairs listeners here use now: the only ones the room keeps.
    var activePairs: Set<ServiceMatchKey> { Set(pairUse.keys) }

    /// Whether a listener on `pair` may join: the pair is followed already, or there is room for another.
    func admits(_ pair: ServiceMatchKey, limit: Int) -> Bool { pairUse[pair] != nil || pairUse.count < limit }

    var pairCount: Int { pairUse.count }

    mutating func listenerJoined(on pair: ServiceMatchKey) { pairUse[pair, default: 0] += 1 }

    mutating func listenerLeft(from pair: ServiceMatchKey) {
        let left = (pairUse[pair] ?? 1) - 1
        pairUse[pair] = left > 0 ? left : nil
    }

    // MARK: Answers

    /// An answer from the matcher: whether the room should set it (not where its own correction
    /// holds, nor for a pair nobody here follows). An `unavailable` answer schedules the next ask.
    mutating func accepts(_ result: MatchResult, key: MatchCacheKey, now: ServerTime) -> Bool {
        guard corrections[key] == nil, pairUse[ServiceMatchKey(service: key.targetService, storefront: key.storefront)] != nil else { return false }
        if result.status == .unavailable {
            let answers = (unavailable[key]?.answers ?? 0) + 1
            unavailable[key] = (answers, now.advanced(by: retrySchedule.wait(afterUnavailableAnswers: answers)))
        } else {
            unavailable[key] = nil
        }
        return true
    }

    /// A service answered again after an outage: every track waiting on it is due now. Returns
    /// the pairs to ask again for.
    mutating func serviceRecovered(_ service: MusicService, now: ServerTime) -> Set<ServiceMatchKey> {
        for key in unavailable.keys where key.targetService == service { unavailable[key] = (answers: 0, due: now) }
        return activePairs.filter { $0.service == service }
    }

    /// What to ask the matcher for, for `pairs`, in `state`: tracks not matched yet, and tracks
    /// the service could not answer for whose retry is due (or that may go out as a down
    /// service's probe). A track asked again is not asked once more until its next retry.
    mutating func requests(for pairs: Set<ServiceMatchKey>, in state: RoomState, now: ServerTime, mayProbe: (MusicService) -> Bool) -> [Request] {
        var requests: [Request] = []
        for pair in pairs {
            for source in state.tracksNeedingMatch(service: pair.service, storefront: pair.storefront) {
                let key = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: pair.service, storefront: pair.storefront)
                if corrections[key] == nil { requests.append((key, source)) }
            }
            for source in state.tracks(whoseMatchIs: .unavailable, service: pair.service, storefront: pair.storefront) {
                let key = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: pair.service, storefront: pair.storefront)
                let retry = unavailable[key] ?? (answers: 0, due: now)
                guard corrections[key] == nil, retry.due <= now || mayProbe(pair.service) else { continue }
                unavailable[key] = (retry.answers, now.advanced(by: retrySchedule.wait(afterUnavailableAnswers: retry.answers)))
                requests.append((key, source))
            }
        }
        if unavailable.count > Self.unavailableKept {
            unavailable = unavailable.filter { state.holds(sourceService: $0.key.sourceService, sourceId: $0.key.sourceId) != nil }
        }
        return requests
    }

    /// Queues an answer for the next match commit. True when the caller must run that commit;
    /// false when one already waiting for its turn will take this answer too.
    mutating func enqueue(_ answer: Answer) -> Bool {
        queued.append(answer)
        guard !commitQueued else { return false }
        commitQueued = true
        return true
    }

    /// The match commit's turn came: every answer queued until now.
    mutating func takeQueued() -> [Answer] {
        commitQueued = false
        defer { queued = [] }
        return queued
    }

    // MARK: Corrections

    mutating func correct(_ key: MatchCacheKey, to result: MatchResult) { corrections[key] = result }

    mutating func revokeCorrection(_ key: MatchCacheKey) { corrections[key] = nil }

    mutating func replaceCorrections(with fresh: [MatchCacheKey: MatchResult]) { corrections = fresh }

    /// `state` with this room's corrections in place of whatever was matched.
    func applyingCorrections(to state: RoomState) -> RoomState {
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
}
