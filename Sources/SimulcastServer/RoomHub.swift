import Logging
import SimulcastCore
import TrackMatching

/// Owns the live rooms: who is connected, the authoritative state, matching and fan-out.
/// Every change is applied in memory first, persisted, then broadcast, so a listener that
/// connects at any moment gets the latest state, and a restart loses nothing.
public actor RoomHub {
    struct Connection {
        var id: String
        var role: ParticipantRole
        var service: MusicService?
        var storefront: String
        var outbox: AsyncStream<OutboundFrame>.Continuation
        var lastReport: Wire.ListenerReport?
    }

    struct LiveRoom {
        var stored: StoredRoom
        var connections: [String: Connection] = [:]
        var state: RoomState {
            get { stored.state }
            set { stored.state = newValue }
        }
    }

    public struct Joined: Sendable {
        public var connectionId: String
        public var welcome: Wire.Welcome
    }

    let store: any RoomStore
    let matchmaker: TrackMatchmaker
    let clock: any LocalClock
    let metrics: ServerMetrics
    let logger: Logger
    let matchLifetime: MatchLifetime
    private var rooms: [String: LiveRoom] = [:]
    private var inFlight: Set<MatchCacheKey> = []
    private var nextConnection = 0
    private var random = SystemRandomNumberGenerator()

    public init(store: any RoomStore, matchmaker: TrackMatchmaker, clock: any LocalClock, metrics: ServerMetrics, logger: Logger, matchLifetime: MatchLifetime = .init()) {
        self.store = store
        self.matchmaker = matchmaker
        self.clock = clock
        self.metrics = metrics
        self.logger = logger
        self.matchLifetime = matchLifetime
    }

    // MARK: REST

    public func createRoom() async throws -> CreatedRoom {
        for _ in 0..<8 {
            let code = RoomCode.generate(using: &random)
            let token = HostToken.generate(using: &random)
            let room = StoredRoom(code: code, hostTokenHash: HostToken.hash(token), createdAt: clock.nowMicros(), state: .empty(at: clock.nowMicros()))
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
        let listeners = room.connections.values.filter { $0.role == .listener }.sorted { $0.id < $1.id }.map {
            RoomSummary.Listener(connectionId: $0.id, service: $0.service ?? .spotify, storefront: $0.storefront, trackId: $0.lastReport?.trackId, syncErrorMs: $0.lastReport?.syncErrorMs)
        }
        unloadIfIdle(code)
        return RoomSummary(code: code, createdAt: room.stored.createdAt, serverTime: clock.nowMicros(), state: room.state, listeners: listeners)
    }

    /// Applies a listener's correction: checks the target exists, caches it for everyone
    /// (corrections do not expire), and updates every live room holding the source track.
    public func correct(_ correction: MatchCorrection) async throws -> MatchResult {
        guard let code = RoomCode.normalise(correction.room), let room = try await liveRoom(code) else {
            throw APIError.roomNotFound(String(correction.room.prefix(12)))
        }
        let held = ([room.state.track].compactMap { $0 } + room.state.queue).map(\.source)
        guard let source = held.first(where: { $0.service == correction.sourceService && $0.id == correction.sourceId }) else {
            unloadIfIdle(code)
            throw APIError(.unprocessableContent, code: "track_not_in_room", message: "room \(code) is not playing \(correction.sourceService):\(correction.sourceId); corrections come from the room that plays it")
        }
        unloadIfIdle(code)
        let storefront = correction.storefront.lowercased()
        guard let catalog = matchmaker.catalogs[correction.targetService] else {
            throw APIError(.unprocessableContent, code: "no_catalog", message: "this server has no \(correction.targetService) catalog to check the correction against")
        }
        let target: TrackMetadata?
        do { target = try await catalog.track(id: correction.targetId, storefront: storefront) } catch {
            throw APIError(.badGateway, code: "catalog_unavailable", message: "\(correction.targetService) could not be asked: \(error)")
        }
        guard let target else {
            throw APIError(.unprocessableContent, code: "target_not_found", message: "\(correction.targetService) has no track \(correction.targetId) in storefront \(storefront)")
        }
        let result = MatchResult.matched(target, confidence: 1, method: "correction", reasons: ["corrected by a listener in room \(code)"])
        let key = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: correction.targetService, storefront: storefront)
        try await store.cacheMatch(result, for: key, expiresAt: Int64.max)
        logger.notice("match corrected", metadata: ["source": "\(source.id)", "service": "\(correction.targetService)", "target": "\(target.id)"])
        for liveCode in rooms.keys {
            guard var state = rooms[liveCode]?.state else { continue }
            if state.setMatch(result, for: source, service: correction.targetService, storefront: storefront) {
                await commit(state, in: liveCode)
            }
        }
        return result
    }

    // MARK: WebSocket sessions

    /// Admits a connection that said `hello`. The current state is queued to it at once.
    public func join(code: String, hello: Wire.Hello, outbox: AsyncStream<OutboundFrame>.Continuation) async -> Result<Joined, Wire.Error> {
        guard RoomCode.normalise(hello.room) == code else {
            return .failure(Wire.Error(code: .roomMismatch, message: "hello names room \"\(hello.room.prefix(12))\" but this connection is for room \(code)"))
        }
        let room: LiveRoom?
        do { room = try await liveRoom(code) } catch {
            logger.error("cannot load room", metadata: ["room": "\(code)", "error": "\(error)"])
            return .failure(Wire.Error(code: .internalError, message: "the room could not be loaded; try again"))
        }
        guard var room else { return .failure(Wire.Error(code: .roomNotFound, message: "there is no room \(code)")) }

        if hello.role == .host {
            guard let token = hello.hostToken, HostToken.verify(token, against: room.stored.hostTokenHash) else {
                unloadIfIdle(code)
                return .failure(Wire.Error(code: .invalidHostToken, message: "the host token is missing or wrong for room \(code)"))
            }
        } else if hello.service == nil {
            unloadIfIdle(code)
            return .failure(Wire.Error(code: .malformedMessage, message: "a listener's hello must name its service (apple-music, deezer, spotify, ...)"))
        }

        nextConnection += 1
        let id = "c\(nextConnection)"
        let storefront = (hello.storefront ?? "us").lowercased()
        let connection = Connection(id: id, role: hello.role, service: hello.service, storefront: storefront, outbox: outbox)
        if room.connections.isEmpty { metrics.roomsLoaded.increment() }
        room.connections[id] = connection
        rooms[code] = room
        metrics.connections(hello.role).increment()
        logger.info("joined", metadata: ["room": "\(code)", "connection": "\(id)", "role": "\(hello.role.rawValue)", "service": "\(hello.service?.rawValue ?? "-")"])

        let welcome = Wire.Welcome(role: hello.role, room: code, connectionId: id, serverTime: clock.nowMicros())
        outbox.yield(.message(.welcome(welcome)))
        if hello.role == .host, !room.state.hostConnected {
            var state = room.state
            state.hostConnected = true
            state.seq += 1
            await commit(state, in: code)
        } else {
            outbox.yield(.message(.roomState(room.state)))
        }
        if let service = hello.service, hello.role == .listener {
            startMatching(code: code, service: service, storefront: storefront)
        }
        return .success(Joined(connectionId: id, welcome: welcome))
    }

    /// Handles one message from a joined connection; returns an error to send back, if any.
    public func receive(_ message: WireMessage, from connectionId: String, in code: String) async -> Wire.Error? {
        guard let connection = rooms[code]?.connections[connectionId] else {
            return Wire.Error(code: .helloRequired, message: "this connection has not joined a room")
        }
        switch message {
        case .hostState(let snapshot):
            guard connection.role == .host else {
                return Wire.Error(code: .forbidden, message: "only the host may publish host.state")
            }
            if let problem = validate(snapshot) { return Wire.Error(code: .invalidState, message: problem) }
            guard let current = rooms[code]?.state else { return nil }
            await commit(current.applying(snapshot), in: code)
            for pair in listenerServices(in: code) {
                startMatching(code: code, service: pair.service, storefront: pair.storefront)
            }
            return nil
        case .listenerReport(let report):
            rooms[code]?.connections[connectionId]?.lastReport = report
            return nil
        case .hello:
            return Wire.Error(code: .alreadyJoined, message: "this connection has already said hello")
        case .welcome, .roomState, .timePong, .error:
            return Wire.Error(code: .forbidden, message: "\(message.type) is sent by the server, not to it")
        case .timePing:
            return nil  // answered by the connection itself, closest to the socket
        }
    }

    public func leave(connectionId: String, code: String) async {
        guard let connection = rooms[code]?.connections.removeValue(forKey: connectionId) else { return }
        metrics.connections(connection.role).decrement()
        logger.info("left", metadata: ["room": "\(code)", "connection": "\(connectionId)"])
        if connection.role == .host, let room = rooms[code], !room.connections.values.contains(where: { $0.role == .host }) {
            // Listeners let the current track finish and then hold.
            var state = room.state
            state.hostConnected = false
            state.seq += 1
            await commit(state, in: code)
        }
        if rooms[code]?.connections.isEmpty == true {
            metrics.roomsLoaded.decrement()
            rooms[code] = nil
        }
    }

    /// Closes every connection (server shutdown): clients reconnect to whoever serves next.
    public func closeAll() {
        for room in rooms.values {
            for connection in room.connections.values {
                connection.outbox.yield(.close(code: 1001, reason: "server shutting down"))
                connection.outbox.finish()
            }
        }
    }

    // MARK: State

    private func liveRoom(_ code: String) async throws -> LiveRoom? {
        if let room = rooms[code] { return room }
        guard var stored = try await store.room(code: code) else { return nil }
        if let raced = rooms[code] { return raced }  // loaded by another call while we waited
        if stored.state.hostConnected {
            // Persisted by a server that stopped; nobody is connected to this one yet.
            stored.state.hostConnected = false
            stored.state.seq += 1
        }
        let room = LiveRoom(stored: stored)
        rooms[code] = room
        return room
    }

    private func unloadIfIdle(_ code: String) {
        if rooms[code]?.connections.isEmpty == true { rooms[code] = nil }
    }

    /// Makes `state` the room's state: memory, then disk, then every connection.
    private func commit(_ state: RoomState, in code: String) async {
        guard rooms[code] != nil else { return }
        rooms[code]?.state = state
        broadcast(.roomState(state), in: code)
        do {
            try await store.saveState(state, forRoom: code)
        } catch {
            logger.error("cannot save room state", metadata: ["room": "\(code)", "error": "\(error)"])
        }
    }

    private func broadcast(_ message: WireMessage, in code: String) {
        guard let room = rooms[code] else { return }
        for connection in room.connections.values {
            connection.outbox.yield(.message(message))
            metrics.message("out", type: message.type)
        }
    }

    private func validate(_ snapshot: PlaybackSnapshot) -> String? {
        if let track = snapshot.track {
            if track.id.isEmpty || track.title.isEmpty { return "track needs an id and a title" }
            if let duration = track.durationMs, duration <= 0 { return "track durationMs must be positive" }
        }
        if !snapshot.anchor.positionMs.isFinite || snapshot.anchor.positionMs < 0 { return "anchor.positionMs must be a non-negative number" }
        let day: Int64 = 86_400_000_000
        if abs(snapshot.anchor.serverTime - clock.nowMicros()) > day {
            return "anchor.serverTime is more than a day away from the server clock; run clock sync first"
        }
        return nil
    }

    private func listenerServices(in code: String) -> Set<ServiceStorefront> {
        Set(rooms[code]?.connections.values.compactMap { c in c.service.map { ServiceStorefront(service: $0, storefront: c.storefront) } } ?? [])
    }

    // MARK: Matching

    private func startMatching(code: String, service: MusicService, storefront: String) {
        guard let state = rooms[code]?.state else { return }
        for source in state.tracksNeedingMatch(service: service, storefront: storefront) {
            let key = MatchCacheKey(sourceService: source.service, sourceId: source.id, targetService: service, storefront: storefront)
            guard !inFlight.contains(key) else { continue }
            inFlight.insert(key)
            Task { await self.resolve(key, source: source, code: code) }
        }
    }

    private func resolve(_ key: MatchCacheKey, source: TrackMetadata, code: String) async {
        defer { inFlight.remove(key) }
        let result: MatchResult
        if let cached = try? await store.cachedMatch(for: key, now: clock.nowMicros()) {
            result = cached
        } else {
            let started = ContinuousClock.now
            result = await matchmaker.match(source, on: key.targetService, storefront: key.storefront)
            metrics.matchLatency(ContinuousClock.now - started, service: key.targetService, status: result.status)
            if let lifetime = matchLifetime.lifetime(for: result.status) {
                do {
                    try await store.cacheMatch(result, for: key, expiresAt: clock.nowMicros() + lifetime)
                } catch {
                    logger.warning("cannot cache match", metadata: ["error": "\(error)"])
                }
            }
            logger.info("matched", metadata: ["room": "\(code)", "track": "\(source.id)", "service": "\(key.targetService)", "status": "\(result.status.rawValue)", "method": "\(result.method)"])
        }
        for room in rooms.values.map(\.stored.code) {
            // Every live room holding this track gets the answer, not only the one that asked.
            guard var state = rooms[room]?.state else { continue }
            if state.setMatch(result, for: source, service: key.targetService, storefront: key.storefront) {
                await commit(state, in: room)
            }
        }
    }
}
