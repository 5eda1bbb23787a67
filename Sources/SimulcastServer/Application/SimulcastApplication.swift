import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOFoundationEssentialsCompat
import OpenAPIHummingbird
import OpenAPIRuntime
import Rooms
import ServiceLifecycle
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
        /// What the store needs running (PostgreSQL's pool and change listener): run in the
        /// application's service group, before the hub, so they stop after it.
        public var storeServices: [any Service]
        public var matchmaker: TrackMatchmaker
        public var clock: any LocalClock
        public var logger: Logger
        /// Given rather than made here so the catalog clients can report to it too.
        public var metrics: ServerMetrics
        /// Makes what follows hosts' own accounts (rooms started from a browser), given the
        /// store and hub; nil: this server does not offer it.
        public var makeHosting: (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)?

        public init(
            store: any RoomStore, matchmaker: TrackMatchmaker, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.server"),
            metrics: ServerMetrics = ServerMetrics(), storeServices: [any Service] = [],
            makeHosting: (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)? = nil
        ) {
            self.makeHosting = makeHosting
            self.store = store
            self.storeServices = storeServices
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
        let hostingLogins: AddressRateLimiter
        /// Keyed by room code.
        let hostingLoginsPerRoom: AddressRateLimiter
        /// Keyed by room code.
        let followLoginsPerRoom: AddressRateLimiter
        let versionLookups: AddressRateLimiter
        let suggestions: AddressRateLimiter
        let historyReads: AddressRateLimiter
        let requestSearches: AddressRateLimiter

        init(_ limits: ServerLimits, clock: any LocalClock) {
            roomCreation = AddressRateLimiter(rate: limits.roomCreation, clock: clock)
            roomLookups = AddressRateLimiter(rate: limits.roomLookupMisses, clock: clock)
            tokenMinting = AddressRateLimiter(rate: limits.tokenMinting, clock: clock)
            hostingLogins = AddressRateLimiter(rate: limits.hostingLogins, clock: clock)
            hostingLoginsPerRoom = AddressRateLimiter(rate: limits.hostingLoginsPerRoom, clock: clock)
            followLoginsPerRoom = AddressRateLimiter(rate: limits.followLoginsPerRoom, clock: clock)
            versionLookups = AddressRateLimiter(rate: limits.versionLookups, clock: clock)
            suggestions = AddressRateLimiter(rate: limits.suggestions, clock: clock)
            historyReads = AddressRateLimiter(rate: limits.historyReads, clock: clock)
            requestSearches = AddressRateLimiter(rate: limits.requestSearches, clock: clock)
        }
    }

    /// The port the server ended up on (port 0 picks one), for the token origin.
    final class BoundPort: Sendable {
        private let port = Mutex<Int?>(nil)
        func set(_ value: Int) { port.withLock { $0 = value } }
        var value: Int? { port.withLock { $0 } }
    }

    /// - Parameter handleSignals: SIGHUP reloads the TLS certificate (a process's own server,
    ///   not one of several in a test process).
    public static func build(
        configuration: ServerConfiguration,
        dependencies: Dependencies,
        handleSignals: Bool = false,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> (application: some ApplicationProtocol, hub: RoomHub) {
        let metrics = dependencies.metrics
        let hub = RoomHub(
            store: dependencies.store, matchmaker: dependencies.matchmaker, clock: dependencies.clock, metrics: metrics, logger: dependencies.logger,
            limits: configuration.limits, expiry: configuration.expiry, fanOut: SocketFanOut())
        let hosting = dependencies.makeHosting?(dependencies.store, hub)
        let boundPort = BoundPort()
        // One budget of unknown-room lookups per address, whichever door they come through.
        let limiters = RateLimiters(configuration.limits, clock: dependencies.clock)
        let router = try buildRouter(
            hub: hub, metrics: metrics, configuration: configuration, clock: dependencies.clock, boundPort: boundPort, limiters: limiters, hosting: hosting)
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
        let tls = try configuration.tls.map(TLSContextStore.init(files:))
        // The server counts as running once every door it was given is open: a caller (a test,
        // a probe) told the port may use the redirect port at once.
        let (redirectRunning, redirectRunningContinuation) = AsyncStream<Void>.makeStream()
        if configuration.httpRedirectPort == nil { redirectRunningContinuation.finish() }
        var application = Application(
            responder: SecurityHeadersResponder(wrapped: router.buildResponder(), policy: PageSecurityPolicy(web: configuration.web)),
            server: HTTPServerBuilder { responder in RoomServerChannel(responder: responder, sockets: sockets, limiter: limiter, tls: tls) },
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "simulcast", backlog: 1024),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                boundPort.set(port)
                for await _ in redirectRunning {}
                await onServerRunning(port)
            },
            logger: dependencies.logger
        )
        // The store is made ready (migrated, listening) before the server binds, and the hub's
        // loops wait for it too.
        let (storeReady, storeReadyContinuation) = AsyncStream<Void>.makeStream()
        application.addServices(dependencies.storeServices)
        application.addServices(RoomHubService(store: dependencies.store, hub: hub, hosting: hosting, storeReady: storeReady))
        let reloads = tls.map { TLSReloadService(store: $0, clock: dependencies.clock, handleSignals: handleSignals, logger: dependencies.logger) }
        if let reloads { application.addServices(reloads) }
        if let redirectPort = configuration.httpRedirectPort {
            application.addServices(
                HTTPSRedirectServer.application(
                    hostname: configuration.hostname, port: redirectPort, publicOrigins: configuration.web.publicOrigins, limiter: limiter,
                    limits: configuration.limits, metrics: metrics, logger: dependencies.logger
                ) { redirectRunningContinuation.finish() })
        }
        application.beforeServerStarts {
            try await dependencies.store.prepare()
            storeReadyContinuation.finish()
            if let reloads { for await _ in reloads.signalsTrapped {} }
        }
        return (application, hub)
    }

    static func buildRouter(
        hub: RoomHub, metrics: ServerMetrics, configuration: ServerConfiguration, clock: any LocalClock, boundPort: BoundPort, limiters: RateLimiters,
        hosting: (any RoomHosting)?
    ) throws -> Router<Context> {
        let router = Router(context: Context.self)
        let lookup = RoomLookup(hub: hub, limiter: limiters.roomLookups, metrics: metrics)
        let ownOrigins: @Sendable () -> [String] = { TokenOrigin.ownOrigins(hostname: configuration.hostname, port: boundPort.value) }
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: RESTRequestMiddleware(trustedProxies: configuration.trustedProxies))
        // The REST routes, generated from openapi.yaml; the document itself is served beside them.
        let controller = RESTController(
            hub: hub, metrics: metrics, limiters: limiters, lookup: lookup, adminToken: configuration.adminToken, web: configuration.web, clock: clock,
            ownOrigins: ownOrigins, hosting: hosting, tlsServed: configuration.tls != nil)
        // Compact JSON, keys sorted (the generator's default pretty-prints).
        try controller.registerHandlers(on: router, configuration: .init(jsonEncodingOptions: [.sortedKeys]), middlewares: [RESTErrorMiddleware()])
        let document = OpenAPIDocument.load()
        router.get("/openapi.yaml") { _, _ -> Response in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: document)))
        }
        WebListenerRoutes.add(to: router, web: configuration.web, hostingOffered: hosting != nil, trustedProxies: configuration.trustedProxies) { raw in
            try await lookup.room(raw, for: RESTRequest.current?.client ?? RESTRequest.unknown.client)
        }
        return router
    }
}
