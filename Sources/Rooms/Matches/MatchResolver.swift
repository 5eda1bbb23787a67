import CatalogCore
import Logging
import SimulcastCore
import TrackMatching

/// Match upkeep for every room on this node: resolves the rooms' match requests, each key
/// once at a time, from the shared cache when it holds an answer, else from the matchmaker
/// within the lookup deadline; caches the answer for its lifetime, and notices a service
/// answering again after an outage. Where an answer goes (every room holding the track) is
/// the hub's business: `Delivery`.
actor MatchResolver {
    /// The hub's side: an answer for the rooms, and a service that answers again.
    struct Delivery: Sendable {
        var answer: @Sendable (MatchResult, TrackMetadata, MatchCacheKey) async -> Void
        var serviceRecovered: @Sendable (MusicService) async -> Void
    }

    /// Rooms ask here (`RoomHub.Context.requestMatch`); requests are few (a track change asks
    /// once per service and storefront in use) and deduplicated as they are taken.
    nonisolated let requests = MatchRequestQueue()
    /// Which services are down, and whether a waiting track may go out as their probe.
    nonisolated let outages = ServiceOutageBoard()
    let store: any MatchStore
    let matchmaker: TrackMatchmaker
    let clock: any LocalClock
    let metrics: ServerMetrics
    let logger: Logger
    let lifetime: MatchLifetime
    let lookupDeadline: Duration
    private var inFlight: Set<MatchCacheKey> = []
    /// The track each key was last looked up for: a track whose tags changed under the same id
    /// (a local file named by its file name, then by its tags) is looked up afresh rather than
    /// answered from the cache for the old tags. Bounded: cleared past 10,000 keys.
    private var lookedUpAs: [MatchCacheKey: TrackMetadata] = [:]
    private var stopped = false

    init(
        store: any MatchStore, matchmaker: TrackMatchmaker, clock: any LocalClock, metrics: ServerMetrics, logger: Logger, lifetime: MatchLifetime,
        lookupDeadline: Duration
    ) {
        self.store = store
        self.matchmaker = matchmaker
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.lifetime = lifetime
        self.lookupDeadline = lookupDeadline
    }

    /// Resolves requests until cancelled (server shutdown), each as a child task, so none
    /// outlives the server; a key already being resolved is not asked twice.
    func run(_ delivery: Delivery) async {
        await withDiscardingTaskGroup { group in
            for await _ in requests.doorbell {
                for (key, source) in requests.takeAll() {
                    guard !stopped, inFlight.insert(key).inserted else { continue }
                    group.addTask { await self.resolve(key, source: source, delivery) }
                }
            }
        }
    }

    /// Resolves every request so far, one after another, before returning: the simulator's
    /// way, which keeps its virtual time in step (a server runs `run`).
    func resolveRequested(_ delivery: Delivery) async {
        for (key, source) in requests.takeAll() where inFlight.insert(key).inserted {
            await resolve(key, source: source, delivery)
        }
    }

    /// No new lookups (server shutdown).
    func stop() { stopped = true }

    private func resolve(_ key: MatchCacheKey, source: TrackMetadata, _ delivery: Delivery) async {
        defer { inFlight.remove(key) }
        let retagged = lookedUpAs[key].map { $0 != source } ?? false
        if lookedUpAs.count >= 10_000 { lookedUpAs.removeAll() }
        lookedUpAs[key] = source
        let (result, fresh) = await lookUp(key, source: source, cached: !retagged)
        if fresh, outages.answered(key.targetService, unavailable: result.status == .unavailable, at: clock.serverClockNow()) {
            logger.notice("service answers again; asking again for what it could not answer", metadata: ["service": "\(key.targetService)"])
            await delivery.serviceRecovered(key.targetService)
        }
        // Every live room holding this track gets the answer, not only the one that asked.
        await delivery.answer(result, source, key)
    }

    /// The answer for `key`: the shared cache's when `cached` allows and it holds one, else the
    /// matchmaker's within the lookup deadline, then cached for its lifetime. `fresh`: looked up now.
    private func lookUp(_ key: MatchCacheKey, source: TrackMetadata, cached: Bool) async -> (result: MatchResult, fresh: Bool) {
        if cached, let answer = try? await store.cachedMatch(for: key, now: clock.serverClockNow()) { return (answer, false) }
        let started = clock.now()
        // The lookup's deadline is the transport's (real time: sockets time out in it).
        let (matchmaker, deadline) = (self.matchmaker, ContinuousClock.now + lookupDeadline)
        let result = await LookupDeadline.$current.withValue(deadline) {
            await matchmaker.match(source, on: key.targetService, storefront: key.storefront)
        }
        metrics.matchLatency(.microseconds(started.distance(to: clock.now())), service: key.targetService, status: result.status)
        if let lifetime = lifetime.lifetime(for: result.status) {
            do {
                try await store.cacheMatch(result, for: key, expiresAt: clock.serverClockNow().advanced(by: lifetime))
            } catch {
                logger.warning("cannot cache match", metadata: ["error": "\(error)"])
            }
        }
        logger.info(
            "matched",
            metadata: ["track": "\(source.id)", "service": "\(key.targetService)", "status": "\(result.status.rawValue)", "method": "\(result.method)"])
        return (result, true)
    }

    /// A listener's requested song: looked up by its id on their service (the server never
    /// takes a client's word for a title), then matched on the host's service the way a room's
    /// song is, sharing the cache.
    func lookUpRequest(trackId: String, on service: MusicService, storefront: String, hostService: MusicService) async -> RequestedSong {
        guard let catalog = matchmaker.catalogs[service] else { return .noCatalog(service) }
        let deadline = ContinuousClock.now + lookupDeadline
        let asked: TrackMetadata?
        do {
            asked = try await LookupDeadline.$current.withValue(deadline) { try await catalog.track(id: trackId, storefront: storefront) }
        } catch {
            logger.notice("cannot look up a requested song", metadata: ["service": "\(service)", "error": "\(error)"])
            return .unavailable
        }
        guard let asked else { return .notFound }
        let key = MatchCacheKey(sourceService: service, sourceId: asked.id, targetService: hostService, storefront: storefront)
        return .found(asked: asked, match: await lookUp(key, source: asked, cached: true).result)
    }

    /// The versions of `source` on `service` a listener may choose from (`TrackMatchmaker.versions`),
    /// under the same lookup deadline as a match; nil where no catalog is.
    func versions(of source: TrackMetadata, on service: MusicService, storefront: String) async throws -> [CandidateAssessment]? {
        let (matchmaker, deadline) = (self.matchmaker, ContinuousClock.now + lookupDeadline)
        return try await LookupDeadline.$current.withValue(deadline) {
            try await matchmaker.versions(of: source, on: service, storefront: storefront)
        }
    }

    /// A listener's service searched for `term`, under the lookup deadline; nil where no catalog is.
    /// A YouTube link a host pasted is that video, looked up by its id (on the Data API one
    /// unit, not a search's hundred), or that playlist's videos; anything else is searched.
    func search(_ term: String, on service: MusicService, storefront: String) async throws -> [TrackMetadata]? {
        guard let catalog = matchmaker.catalogs[service] else { return nil }
        return try await LookupDeadline.$current.withValue(ContinuousClock.now + lookupDeadline) {
            if service == .youtube, let id = YouTubeLink.videoId(in: term) {
                return try await catalog.track(id: id, storefront: storefront).map { [$0] } ?? []
            }
            // A playlist's link is its videos (two units, not a search's hundred).
            if service == .youtube, let list = YouTubeLink.playlistId(in: term) {
                guard let playlists = catalog as? any PlaylistCatalog else { return [] }
                return try await playlists.playlistTracks(id: list, storefront: storefront)
            }
            return try await catalog.search(term: term, storefront: storefront, limit: 10)
        }
    }
}
