import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOFoundationEssentialsCompat
import Rooms
import SimulcastCore
import Synchronization
import TrackMatching

/// Wires the whole server. The CLI, the demo and the tests all build it here, so what is
/// tested is what runs.
public enum SimulcastApplication {
    public typealias Context = SimulcastRequestContext

    /// Everything the server needs from outside: storage, catalogs, time.
    public struct Dependencies: Sendable {
        public var store: any RoomStore
        public var matchmaker: TrackMatchmaker
        public var clock: any LocalClock
        public var logger: Logger
        /// Given rather than made here so the catalog clients can report to it too.
        public var metrics: ServerMetrics

        public init(
            store: any RoomStore, matchmaker: TrackMatchmaker, clock: any LocalClock = SystemClock(), logger: Logger = Logger(label: "simulcast.server"),
            metrics: ServerMetrics = ServerMetrics()
        ) {
            self.store = store
            self.matchmaker = matchmaker
            self.clock = clock
            self.logger = logger
            self.metrics = metrics
        }
    }

    /// Per-address rate limiters of the REST endpoints.
    struct RateLimiters: Sendable {
        let roomCreation: AddressRateLimiter
        let roomLookups: AddressRateLimiter
        let tokenMinting: AddressRateLimiter

        init(_ limits: ServerLimits) {
            roomCreation = AddressRateLimiter(rate: limits.roomCreation)
            roomLookups = AddressRateLimiter(rate: limits.roomLookupMisses)
            tokenMinting = AddressRateLimiter(rate: limits.tokenMinting)
        }
    }

    /// The port the server ended up on (port 0 picks one), for the token origin.
    final class BoundPort: Sendable {
        private let port = Mutex<Int?>(nil)
        func set(_ value: Int) { port.withLock { $0 = value } }
        var value: Int? { port.withLock { $0 } }
    }

    public static func build(
        configuration: ServerConfiguration,
        dependencies: Dependencies,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> (application: some ApplicationProtocol, hub: RoomHub) {
        let metrics = dependencies.metrics
        let hub = RoomHub(
            store: dependencies.store, matchmaker: dependencies.matchmaker, clock: dependencies.clock, metrics: metrics, logger: dependencies.logger,
            limits: configuration.limits, expiry: configuration.expiry, fanOut: SocketFanOut())
        let boundPort = BoundPort()
        // One budget of unknown-room lookups per address, whichever door they come through.
        let limiters = RateLimiters(configuration.limits)
        let router = buildRouter(
            hub: hub, metrics: metrics, configuration: configuration, clock: dependencies.clock, boundPort: boundPort, limiters: limiters)
        let sockets = RoomSocketFactory(
            hub: hub, limits: configuration.limits, clock: dependencies.clock, metrics: metrics, logger: dependencies.logger,
            trustedProxies: configuration.trustedProxies, roomLookups: limiters.roomLookups)
        let limiter = ConnectionLimiter(
            perAddress: configuration.limits.connectionsPerAddress, perNetwork: configuration.limits.connectionsPerNetwork,
            total: configuration.limits.connections, exempt: configuration.trustedProxies)
        if let networks = limiter.crowdedBy {
            dependencies.logger.warning(
                "a few clients could hold every connection: lower --max-connections-per-address and --max-connections-per-network, or raise the descriptor limit",
                metadata: ["connections": "\(limiter.total)", "networks": "\(networks)"])
        }
        var application = Application(
            router: router,
            server: HTTPServerBuilder { responder in RoomServerChannel(responder: responder, sockets: sockets, limiter: limiter) },
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "simulcast", backlog: 1024),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                boundPort.set(port)
                await onServerRunning(port)
            },
            logger: dependencies.logger
        )
        application.addServices(RoomHubService(store: dependencies.store, hub: hub))
        return (application, hub)
    }

    static func buildRouter(
        hub: RoomHub, metrics: ServerMetrics, configuration: ServerConfiguration, clock: any LocalClock, boundPort: BoundPort, limiters: RateLimiters
    ) -> Router<Context> {
        let router = Router(context: Context.self)
        let trusted = configuration.trustedProxies
        let admin = configuration.adminToken
        @Sendable func client(_ request: Request, _ context: Context) -> ClientAddress {
            ClientAddress.resolve(peer: context.remoteAddress, headers: request.headers, trustedProxies: trusted)
        }
        @Sendable func bearer(_ request: Request) -> String? {
            guard let value = request.headers[.authorization], value.lowercased().hasPrefix("bearer ") else { return nil }
            return String(value.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        @Sendable func isAdmin(_ request: Request) -> Bool {
            guard let admin, let token = bearer(request) else { return false }
            return HostToken.verify(token, against: HostToken.hash(admin))
        }
        /// Looks a room up under the miss limiter: every lookup needs a token, a miss spends one.
        @Sendable func lookUp(_ raw: String, from address: ClientAddress) async throws -> LiveRoom {
            guard limiters.roomLookups.hasToken(address.ip) else {
                metrics.limitHit(.roomLookup)
                throw APIError.rateLimited(
                    "too many lookups of unknown rooms from your address", retryAfter: limiters.roomLookups.retryAfterSeconds(address.ip))
            }
            guard let code = RoomCode.normalise(raw), let room = try await hub.room(code: code) else {
                _ = limiters.roomLookups.take(address.ip)
                throw APIError.roomNotFound(String(raw.prefix(12)))
            }
            return room
        }

        router.add(middleware: LogRequestsMiddleware(.debug))
        router.get("/healthz") { _, _ in ["status": "ok"] }
        router.get("/metrics") { request, context in
            // Loopback (a local Prometheus or an operator's curl) or the admin token.
            let peer = context.remoteAddress?.ipAddress
            guard peer == "127.0.0.1" || peer == "::1" || peer == nil || isAdmin(request) else {
                throw APIError(
                    .forbidden, code: .metricsForbidden, message: "metrics are served to loopback or with the admin token (Authorization: Bearer ...)")
            }
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
        router.post("/v1/rooms") { request, context -> EditedResponse<CreatedRoom> in
            let address = client(request, context)
            guard limiters.roomCreation.take(address.ip) else {
                metrics.limitHit(.roomCreation)
                throw APIError.rateLimited("too many rooms created from your address", retryAfter: limiters.roomCreation.retryAfterSeconds(address.ip))
            }
            return EditedResponse(status: .created, response: try await hub.createRoom())
        }
        router.get("/v1/rooms/:code") { request, context -> RoomSummary in
            let room = try await lookUp(try context.parameters.require("code"), from: client(request, context))
            return await room.summary()
        }
        router.post("/v1/matches/corrections") { request, context -> EditedResponse<StoredCorrection> in
            // The body is a `MatchCorrection` with an optional `"global": true` beside its fields.
            struct Scope: Decodable { var global: Bool? }
            let correction: MatchCorrection
            let global: Bool
            do {
                let body = try await request.body.collect(upTo: 16 * 1024)
                correction = try JSONDecoder().decode(MatchCorrection.self, from: body)
                global = try JSONDecoder().decode(Scope.self, from: body).global == true
            } catch {
                throw APIError(
                    .badRequest, code: .malformedCorrection,
                    message: "expected {room, sourceService, sourceId, targetService, storefront, targetId, global?} in at most 16 KiB")
            }
            let room = try await lookUp(correction.room, from: client(request, context))
            var byHost = false
            if let token = bearer(request) { byHost = await room.verifyHost(token: token) }
            if global, !isAdmin(request) {
                throw APIError(
                    .forbidden, code: .adminRequired,
                    message: "a global correction needs the server's admin token; without it the correction applies to your room")
            }
            let stored: StoredCorrection
            do {
                stored = try await hub.correct(correction, global: global, byHost: byHost, network: NetworkPrefix.of(client(request, context).ip))
            } catch let refusal as CorrectionRefusal {
                throw APIError(refusal)
            }
            return EditedResponse(status: .created, response: stored.forClients)
        }
        router.get("/v1/matches/corrections") { request, context -> [StoredCorrection] in
            if let raw = request.uri.queryParameters.get("room") {
                let room = try await lookUp(raw, from: client(request, context))
                return try await hub.corrections(room: room.code)
            }
            guard isAdmin(request) else {
                throw APIError(.forbidden, code: .adminRequired, message: "name a room (?room=CODE), or use the admin token to list every correction")
            }
            return try await hub.corrections(room: nil)
        }
        router.delete("/v1/matches/corrections/:id") { request, context -> Response in
            guard let id = Int(try context.parameters.require("id")), let correction = try await hub.correction(id: id) else {
                throw APIError(.notFound, code: .correctionNotFound, message: "there is no such correction")
            }
            var allowed = isAdmin(request)
            if !allowed, !correction.global, let token = bearer(request), let room = try await hub.room(code: correction.room) {
                allowed = await room.verifyHost(token: token)
            }
            guard allowed else {
                throw APIError(.forbidden, code: .notAllowed, message: "a correction is revoked by its room's host (its host token) or with the admin token")
            }
            try await hub.revokeCorrection(correction)
            return Response(status: .noContent)
        }
        WebListenerRoutes.add(
            to: router, hub: hub, web: configuration.web, clock: clock,
            ownOrigins: { TokenOrigin.ownOrigins(hostname: configuration.hostname, port: boundPort.value) },
            mintLimit: { request, context in
                let address = client(request, context)
                guard limiters.tokenMinting.take(address.ip) else {
                    metrics.limitHit(.tokenMinting)
                    throw APIError.rateLimited("too many developer tokens for your address", retryAfter: limiters.tokenMinting.retryAfterSeconds(address.ip))
                }
            },
            lookUp: { raw, request, context in try await lookUp(raw, from: client(request, context)) })
        return router
    }
}

extension StoredCorrection: ResponseEncodable {}
