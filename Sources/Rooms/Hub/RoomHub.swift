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
    let store: any RoomStore
    let matchmaker: TrackMatchmaker
    /// The server's one clock: the rooms, the loops and the services beside the hub read it.
    public nonisolated let clock: any LocalClock
    package nonisolated let metrics: ServerMetrics
    let logger: Logger
    /// Match upkeep: the rooms' requests, the cache, outages (`runMatcher` runs it).
    /// Song requests and +1s per address, across every room (one address's allowance does not
    /// grow with the rooms it creates).
    let requestAllowances: RequestAllowances
    let matches: MatchResolver
    let fanOut: any RoomFanOut
    let limits: ServerLimits
    let expiry: Expiry
    /// Checks and keeps corrections (`correct` applies them to the rooms).
    let correctionDesk: CorrectionDesk
    /// Services listeners may name: the ones with a catalog, the host-side ones (identity), local files.
    let services: Set<MusicService>
    /// This process's id among the nodes sharing the store (new on every start).
    public nonisolated let node: String
    nonisolated let sharedStore: Bool
    /// The rooms loaded here (their capabilities read them; only the hub loads and unloads).
    private(set) var rooms: [String: LiveRoom] = [:]
    private var loading: [String: Task<LiveRoom?, any Error>] = [:]
    /// Newest seq other nodes announced for rooms still loading: the read may predate it.
    private var announcedWhileLoading: [String: Int] = [:]
    private var nextConnection = 0
    private var random = SystemRandomNumberGenerator()
    private var shuttingDown = false
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
        self.correctionDesk = CorrectionDesk(store: store, matchmaker: matchmaker, limits: limits, clock: clock, logger: logger)
        self.matches = MatchResolver(
            store: store, matchmaker: matchmaker, clock: clock, metrics: metrics, logger: logger, lifetime: matchLifetime,
            lookupDeadline: limits.matchLookupDeadline)
        self.limits = limits
        self.requestAllowances = RequestAllowances(limits: limits, clock: clock)
        self.expiry = expiry
        self.services = Set(matchmaker.catalogs.keys).union([.spotify, .appleMusic, .deezer, .localFiles])
        self.sharedStore = store.changes() != nil
        var generator = SystemRandomNumberGenerator()
        self.node = String((0..<12).map { _ in "0123456789abcdef".randomElement(using: &generator) ?? "0" })
    }

    nonisolated var context: Context {
        Context(
            store: store, limits: limits, metrics: metrics, logger: logger, clock: clock, codec: WireCodec(), fanOut: fanOut, node: node,
            sharedStore: sharedStore,
            requestMatch: { [requests = matches.requests] key, source in requests.add(key, source) },
            lookUpRequest: { [matches] id, service, storefront, hostService in
                await matches.lookUpRequest(trackId: id, on: service, storefront: storefront, hostService: hostService)
            },
            outages: matches.outages, requestAllowances: requestAllowances,
            roomEmptied: { [roomsEmptied] in roomsEmptied.continuation.yield() })
    }

    // MARK: REST

    /// A new room; `hostName` (a `DisplayName` the caller has checked) is shown to its listeners.
    public func createRoom(hostName: String? = nil) async throws -> CreatedRoom {
        for _ in 0..<8 {
            let code = RoomCode.generate(using: &random)
            let token = HostToken.generate(using: &random)
            let now = clock.serverClockNow()
            let room = StoredRoom(code: code, hostTokenHash: HostToken.hash(token), createdAt: now, state: .empty(at: now, hostName: hostName))
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

    public func summary(code: String) async throws -> RoomSummary? { try await liveRoom(code)?.summary() }

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
        await matches.stop()
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

    // MARK: Loading and sweeping

    private func liveRoom(_ code: String) async throws -> LiveRoom? {
        if RoomCode.isLegacy(code), clock.serverClockNow() >= limits.legacyRoomCodesUntil { return nil }
        if let room = rooms[code] { return room }
        if let pending = loading[code] { return try await pending.value }
        let (store, context) = (self.store, self.context)
        let task = Task<LiveRoom?, any Error> { try await RoomLoader.load(code, from: store, context: context) }
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
        let heartbeat = NodeHeartbeat(store: store, node: node, expiry: expiry, clock: clock, logger: logger)
        await heartbeat.run { code, claim in
            if let room = try await self.liveRoom(code) { await room.releaseDeadClaim(claim) }
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
        await StoreSweeper(store: store, expiry: expiry, clock: clock, metrics: metrics, logger: logger).sweep(keeping: Set(rooms.keys))
    }

    // MARK: Matching

    /// Resolves the rooms' match requests until cancelled (server shutdown).
    public func runMatcher() async { await matches.run(matchDelivery) }

    /// Resolves every match asked for so far before returning: the simulator's way, which keeps
    /// its virtual time in step (a server runs `runMatcher`).
    public func resolveRequestedMatches() async { await matches.resolveRequested(matchDelivery) }

    /// An answer goes to every live room holding the track, not only the one that asked.
    private nonisolated var matchDelivery: MatchResolver.Delivery {
        MatchResolver.Delivery(
            answer: { result, source, key in for room in await self.rooms.values { await room.apply(result, for: source, key: key) } },
            serviceRecovered: { service in for room in await self.rooms.values { await room.serviceRecovered(service) } })
    }
}
