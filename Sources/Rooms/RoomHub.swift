import CatalogCore
import Logging
import Prometheus
import SimulcastCore
import TrackMatching

/// The directory of live rooms on this node: loads a room from the store when someone needs
/// it, hands connections to its `LiveRoom` actor, resolves matches once for every room that
/// holds a track, sweeps idle rooms out of memory and expired rooms out of the database, and
/// with a store other nodes share, passes their announced changes to the rooms loaded here.
public actor RoomHub {
    /// What every room shares. Sendable, so rooms use it without going through the hub.
    struct Context: Sendable {
        var store: any RoomStore
        var limits: ServerLimits
        var metrics: ServerMetrics
        var logger: Logger
        var clock: any LocalClock
        var codec: WireCodec
        /// How a committed state reaches a room's peers.
        var fanOut: any RoomFanOut
        /// This process's id in host claims and heartbeats.
        var node: String
        /// Other nodes share the store: they may follow service and storefront pairs this node does not see.
        var sharedStore: Bool
        var requestMatch: @Sendable (MatchCacheKey, TrackMetadata) -> Void
        /// Which services are down, and whether a waiting track may go out as their probe.
        var outages: ServiceOutageBoard
        /// Called when a room's last connection leaves: the shutdown waits for it.
        var roomEmptied: @Sendable () -> Void
    }

    public struct Expiry: Hashable, Sendable {
        /// A room with no host and no listener for this long is deleted with its state.
        public var roomIdle: Duration
        /// How often idle rooms are unloaded and expired ones deleted.
        public var sweepInterval: Duration
        /// A loaded room with nobody connected is dropped from memory after this long.
        public var unloadAfter: Duration
        /// A node that has not renewed its heartbeat for this long is dead: its hosts' claims are released.
        public var nodeLease: Duration
        /// How often this node renews its heartbeat and looks for dead nodes' claims.
        public var heartbeatInterval: Duration

        public init(
            roomIdle: Duration = .seconds(7 * 86_400), sweepInterval: Duration = .seconds(60), unloadAfter: Duration = .seconds(30),
            nodeLease: Duration = .seconds(5),
            heartbeatInterval: Duration = .seconds(1)
        ) {
            self.roomIdle = roomIdle
            self.sweepInterval = sweepInterval
            self.unloadAfter = unloadAfter
            self.nodeLease = nodeLease
            self.heartbeatInterval = heartbeatInterval
        }
    }

    let store: any RoomStore
    let matchmaker: TrackMatchmaker
    let clock: any LocalClock
    package nonisolated let metrics: ServerMetrics
    let logger: Logger
    let matchLifetime: MatchLifetime
    let fanOut: any RoomFanOut
    let limits: ServerLimits
    let expiry: Expiry
    let promotion = CorrectionPromotion()
    /// Services listeners may name: the ones with a catalog, the host-side ones (identity), local files.
    let services: Set<MusicService>
    /// This process's id among the nodes sharing the store (new on every start).
    public nonisolated let node: String
    nonisolated let sharedStore: Bool
    private var rooms: [String: LiveRoom] = [:]
    private var loading: [String: Task<LiveRoom?, any Error>] = [:]
    /// Newest seq other nodes announced for rooms still loading: the read may predate it.
    private var announcedWhileLoading: [String: Int] = [:]
    private var inFlight: Set<MatchCacheKey> = []
    /// The track each key was last looked up for: a track whose tags changed under the same id
    /// (a local file named by its file name, then by its tags) is looked up afresh rather than
    /// answered from the cache for the old tags. Bounded: cleared past 10,000 keys.
    private var lookedUpAs: [MatchCacheKey: TrackMetadata] = [:]
    private var nextConnection = 0
    private var random = SystemRandomNumberGenerator()
    private var shuttingDown = false
    /// Rooms ask for matches here; `runMatcher` resolves them as child tasks of its group, so
    /// none outlives the server (the simulator resolves them in step with its clock through
    /// `resolveRequestedMatches`). Requests are few (a track change asks once per service and
    /// storefront in use) and deduplicated as they are taken.
    private let matchRequests = MatchRequestQueue()
    private let outages = ServiceOutageBoard()
    /// A room's last connection left (the newest only): what the shutdown waits on.
    private let roomsEmptied = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    public init(
        store: any RoomStore, matchmaker: TrackMatchmaker, clock: any LocalClock, metrics: ServerMetrics, logger: Logger, limits: ServerLimits = ServerLimits(),
        expiry: Expiry = Expiry(), matchLifetime: MatchLifetime = .init(), fanOut: any RoomFanOut = DirectFanOut()
    ) {
        self.fanOut = fanOut
        self.store = store
        self.matchmaker = matchmaker
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.matchLifetime = matchLifetime
        self.limits = limits
        self.expiry = expiry
        self.services = Set(matchmaker.catalogs.keys).union([.spotify, .appleMusic, .deezer, .localFiles])
        self.sharedStore = store.changes() != nil
        var generator = SystemRandomNumberGenerator()
        self.node = String((0..<12).map { _ in "0123456789abcdef".randomElement(using: &generator)! })
    }

    nonisolated var context: Context {
        Context(
            store: store, limits: limits, metrics: metrics, logger: logger, clock: clock, codec: WireCodec(), fanOut: fanOut, node: node,
            sharedStore: sharedStore,
            requestMatch: { [matchRequests] key, source in matchRequests.add(key, source) }, outages: outages,
            roomEmptied: { [roomsEmptied] in roomsEmptied.continuation.yield() })
    }

    // MARK: REST

    public func createRoom() async throws -> CreatedRoom {
        for _ in 0..<8 {
            let code = RoomCode.generate(using: &random)
            let token = HostToken.generate(using: &random)
            let now = clock.serverClockNow()
            let room = StoredRoom(code: code, hostTokenHash: HostToken.hash(token), createdAt: now, state: .empty(at: now))
            do {
                try await store.createRoom(room)
                metrics.roomsCreated.increment()
                logger.info("room created", metadata: ["room": "\(code)"])
                return CreatedRoom(code: code, hostToken: token)
            } catch let error as StoreError where error.kind == .duplicateRoom {
                continue
            }
        }
        throw StoreError(.failed, "could not find a free room code")
    }

    public func summary(code: String) async throws -> RoomSummary? {
        guard let room = try await liveRoom(code) else { return nil }
        return await room.summary()
    }

    /// Every loaded room's presence, once a second (`LiveRoom.presenceTick`); runs until cancelled.
    public func runPresence() async {
        while !Task.isCancelled {
            do { try await clock.sleep(for: Self.presenceInterval) } catch { return }
            await withDiscardingTaskGroup { group in
                for room in rooms.values { group.addTask { await room.presenceTick() } }
            }
        }
    }

    /// Presence is sent at most this often per room.
    public static let presenceInterval = Duration.seconds(1)

    package func room(code: String) async throws -> LiveRoom? { try await liveRoom(code) }

    // MARK: WebSocket sessions

    /// Admits a connection that said `hello`: the welcome and the current state are queued to it.
    func join(code: String, hello: Wire.Hello, socket: any RoomPeer) async -> Result<(LiveRoom, Int), Wire.Error> {
        guard !shuttingDown else { return .failure(Wire.Error(code: .shuttingDown, message: "the server is shutting down; reconnect")) }
        guard RoomCode.normalise(hello.room) == code else {
            return .failure(Wire.Error(code: .roomMismatch, message: "hello names room \"\(hello.room.prefix(12))\" but this connection is for room \(code)"))
        }
        if let problem = limits.wire.problem(with: hello, services: services) {
            return .failure(Wire.Error(code: .malformedMessage, message: problem))
        }
        for _ in 0..<3 {
            let room: LiveRoom?
            do { room = try await liveRoom(code) } catch {
                logger.error("cannot load room", metadata: ["room": "\(code)", "error": "\(error)"])
                return .failure(Wire.Error(code: .internalError, message: "the room could not be loaded; try again"))
            }
            guard let room else {
                let retired = RoomCode.isLegacy(code) ? " (six-character room codes were retired on \(limits.legacyRoomCodesDay))" : ""
                return .failure(Wire.Error(code: .roomNotFound, message: "there is no room \(code)\(retired)"))
            }
            nextConnection += 1
            switch await room.join(hello: hello, id: nextConnection, socket: socket) {
            case .joined(let id): return .success((room, id))
            case .refused(let error): return .failure(error)
            case .retired:
                if rooms[code] === room { rooms[code] = nil }
            }
        }
        return .failure(Wire.Error(code: .internalError, message: "the room could not be loaded; try again"))
    }

    /// Server shutdown: new joins are refused and every connection is closed with 1001.
    public func shutdown() async {
        shuttingDown = true
        for room in rooms.values { await room.closeAll(code: 1001, reason: "server shutting down") }
        // Let the last leaves be saved before the store closes, for at most 3 s on the clock
        // (peers may not answer); cancellation (the service group's own bound) ends it at once.
        let clock = self.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await clock.sleep(for: .seconds(3)) }
            group.addTask { await self.everyoneLeft() }
            await group.next()
            group.cancelAll()
        }
        // Its hosts' claims are released by their leaves above; other nodes need not wait out the lease.
        try? await store.retireNode(node)
    }

    /// Returns once no room here has a connection, or when cancelled.
    private func everyoneLeft() async {
        var emptied = roomsEmptied.stream.makeAsyncIterator()
        while true {
            var open = 0
            for room in rooms.values { open += await room.connectionCount }
            if open == 0 { return }
            guard await emptied.next() != nil else { return }
        }
    }

    // MARK: Corrections

    /// Applies a correction to the room that made it, at once; `global` (an operator's) makes
    /// it every room's answer. The store keeps it either way, so it can be listed and revoked.
    /// `network`: the client's (`NetworkPrefix`), recorded when a host's correction vouches.
    package func correct(_ correction: MatchCorrection, global: Bool, byHost: Bool, network: String) async throws -> StoredCorrection {
        guard let code = RoomCode.normalise(correction.room), let room = try await liveRoom(code) else {
            throw CorrectionRefusal(.roomNotFound, "there is no room \(correction.room.prefix(12))")
        }
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
        await room.correct(stored.result, for: source, key: key)
        if stored.global {
            let result = MatchResult.matched(
                target, confidence: 1, method: .correction,
                reasons: [global ? "corrected by an operator" : "corrected by the hosts of \(promotion.agreeing) independent rooms"])
            // Kept until revoked (revoking deletes the row); ten years stands for "no expiry" without overflow.
            try await store.cacheMatch(result, for: key, expiresAt: clock.serverClockNow().advanced(by: 10 * 365 * 86_400_000_000))
            for other in rooms.values where other !== room { await other.apply(result, for: source, key: key) }
        }
        return stored
    }

    /// The room's own corrections, or every one for nil, as clients may see them.
    public func corrections(room code: String?) async throws -> [StoredCorrection] {
        try await store.corrections(room: code).map(\.forClients)
    }

    public func correction(id: Int) async throws -> StoredCorrection? {
        try await store.correction(id: id)
    }

    /// Revokes a correction: the room (or, for a global one, every room) matches afresh.
    public func revokeCorrection(_ correction: StoredCorrection) async throws {
        try await store.deleteCorrection(id: correction.id)
        if correction.global { try await store.forgetMatch(for: correction.key) }
        if let room = rooms[correction.room] { await room.revokeCorrection(correction.key) }
        logger.notice("correction revoked", metadata: ["id": "\(correction.id)"])
    }

    // MARK: Loading and sweeping

    private func liveRoom(_ code: String) async throws -> LiveRoom? {
        if RoomCode.isLegacy(code), clock.serverClockNow() >= limits.legacyRoomCodesUntil { return nil }
        if let room = rooms[code] { return room }
        if let pending = loading[code] { return try await pending.value }
        let store = self.store
        let context = self.context
        let task = Task<LiveRoom?, any Error> {
            guard let stored = try await store.room(code: code) else { return nil }
            var corrections: [MatchCacheKey: MatchResult] = [:]
            for correction in try await store.corrections(room: code) { corrections[correction.key] = correction.result }
            let room = LiveRoom(stored: stored, corrections: corrections, context: context)
            if stored.state.hostConnected {
                // A host recorded by a node that is gone (this server before a restart, or a
                // crashed node) is shown as gone; a live node's host stays.
                let dead = try await store.deadHostClaims(room: code)[code]
                if dead != nil || stored.hostClaim == nil { await room.releaseDeadClaim(stored.hostClaim) }
            }
            return room
        }
        loading[code] = task
        defer { loading[code] = nil }
        let room = try await task.value
        if let room {
            rooms[code] = room
            metrics.roomsLoaded.increment()
            // Rare (another node changed it mid-load): the joiner waits for one more read.
            if let seq = announcedWhileLoading.removeValue(forKey: code), await room.noteChange(seq: seq) { await room.refresh() }
        } else {
            announcedWhileLoading[code] = nil
        }
        return room
    }

    /// Unloads rooms nobody has used for a while, deletes rooms idle past their expiry and
    /// purges expired cache rows; runs until cancelled.
    public func runSweeper() async {
        while !Task.isCancelled {
            do { try await clock.sleep(for: expiry.sweepInterval) } catch { return }
            await sweep()
        }
    }

    /// Renews this node's heartbeat and releases host claims of nodes whose heartbeat lapsed;
    /// runs until cancelled.
    public func runHeartbeat() async {
        var lastScan = clock.now().advanced(by: -expiry.nodeLease.inMicroseconds)
        var failing = false
        while !Task.isCancelled {
            do {
                try await store.heartbeat(node: node, lease: expiry.nodeLease)
                if lastScan.distance(to: clock.now()) >= (expiry.nodeLease / 2).inMicroseconds {
                    lastScan = clock.now()
                    for (code, claim) in try await store.deadHostClaims(room: nil) where claim.node != node {
                        logger.notice("releasing a dead node's host", metadata: ["room": "\(code)", "claim": "\(claim)"])
                        if let room = try await liveRoom(code) { await room.releaseDeadClaim(claim) }
                    }
                }
                if failing { logger.notice("the database answers again") }
                failing = false
            } catch {
                if !failing { logger.warning("cannot renew this node's heartbeat", metadata: ["error": "\(error)"]) }
                failing = true
            }
            do { try await clock.sleep(for: expiry.heartbeatInterval) } catch { return }
        }
    }

    /// Passes other nodes' changes to the rooms loaded here, until the store closes. A store
    /// only this process uses has none, and this returns at once.
    public func runChangeFeed() async {
        guard let changes = store.changes() else { return }
        // Read-backs run as children of this feed, so none outlives it.
        await withDiscardingTaskGroup { group in
            for await change in changes {
                metrics.nodeChanges.increment()
                switch change {
                case .state(let code, let seq):
                    if let room = rooms[code] {
                        if await room.noteChange(seq: seq) { group.addTask { await room.refresh() } }
                    } else if loading[code] != nil {
                        announcedWhileLoading[code] = max(announcedWhileLoading[code] ?? 0, seq)
                    }
                case .corrections(let code):
                    await rooms[code]?.reloadCorrections()
                case .reaction(let code, let origin, let reaction):
                    // The node it came from has passed it on to its own connections.
                    if origin != node { await rooms[code]?.pass(reaction) }
                case .match(let key):
                    guard !rooms.isEmpty, let result = try? await store.cachedMatch(for: key, now: clock.serverClockNow()) else { continue }
                    for room in rooms.values { await room.applyCached(result, key: key) }
                case .resync:
                    logger.notice("reading every loaded room again after missing other nodes' changes", metadata: ["rooms": "\(rooms.count)"])
                    for room in rooms.values {
                        await room.reloadCorrections()
                        if await room.noteChange(seq: .max) { group.addTask { await room.refresh() } }
                    }
                }
            }
        }
    }

    public func sweep() async {
        for (code, room) in rooms where await room.retireIfIdle(for: expiry.unloadAfter) {
            rooms[code] = nil
            metrics.roomsLoaded.decrement()
        }
        let now = clock.serverClockNow()
        do {
            let deleted = try await store.deleteIdleRooms(
                idleBefore: now.advanced(by: -expiry.roomIdle.inMicroseconds), keeping: Set(rooms.keys))
            let purged = try await store.purgeExpired(now: now)
            if deleted > 0 || purged > 0 {
                metrics.roomsExpired.increment(by: Int64(deleted))
                logger.info("swept", metadata: ["roomsDeleted": "\(deleted)", "cacheRowsPurged": "\(purged)"])
            }
        } catch {
            logger.error("cannot sweep the database", metadata: ["error": "\(error)"])
        }
    }

    // MARK: Matching

    /// Resolves the rooms' match requests until cancelled (server shutdown), each as a child
    /// task; a key already being resolved is not asked twice.
    public func runMatcher() async {
        await withDiscardingTaskGroup { group in
            for await _ in matchRequests.doorbell {
                for (key, source) in matchRequests.takeAll() {
                    guard !shuttingDown, inFlight.insert(key).inserted else { continue }
                    group.addTask { await self.resolve(key, source: source) }
                }
            }
        }
    }

    /// Resolves every match asked for so far, one after another, before returning: the
    /// simulator's way, which keeps its virtual time in step (a server runs `runMatcher`).
    public func resolveRequestedMatches() async {
        for (key, source) in matchRequests.takeAll() where inFlight.insert(key).inserted {
            await resolve(key, source: source)
        }
    }

    private func resolve(_ key: MatchCacheKey, source: TrackMetadata) async {
        defer { inFlight.remove(key) }
        let result: MatchResult
        let retagged = lookedUpAs[key].map { $0 != source } ?? false
        if lookedUpAs.count >= 10_000 { lookedUpAs.removeAll() }
        lookedUpAs[key] = source
        if !retagged, let cached = try? await store.cachedMatch(for: key, now: clock.serverClockNow()) {
            result = cached
        } else {
            let started = clock.now()
            // The lookup's deadline is the transport's (real time: sockets time out in it).
            let (matchmaker, deadline) = (self.matchmaker, ContinuousClock.now + limits.matchLookupDeadline)
            result = await LookupDeadline.$current.withValue(deadline) {
                await matchmaker.match(source, on: key.targetService, storefront: key.storefront)
            }
            metrics.matchLatency(.microseconds(started.distance(to: clock.now())), service: key.targetService, status: result.status)
            if let lifetime = matchLifetime.lifetime(for: result.status) {
                do {
                    try await store.cacheMatch(result, for: key, expiresAt: clock.serverClockNow().advanced(by: lifetime))
                } catch {
                    logger.warning("cannot cache match", metadata: ["error": "\(error)"])
                }
            }
            logger.info(
                "matched",
                metadata: ["track": "\(source.id)", "service": "\(key.targetService)", "status": "\(result.status.rawValue)", "method": "\(result.method)"])
            if outages.answered(key.targetService, unavailable: result.status == .unavailable, at: clock.serverClockNow()) {
                logger.notice("service answers again; asking again for what it could not answer", metadata: ["service": "\(key.targetService)"])
                for room in rooms.values { await room.serviceRecovered(key.targetService) }
            }
        }
        // Every live room holding this track gets the answer, not only the one that asked.
        for room in rooms.values { await room.apply(result, for: source, key: key) }
    }
}
