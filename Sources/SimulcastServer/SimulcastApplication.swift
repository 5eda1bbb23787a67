import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import SimulcastCore
import TrackMatching

/// Wires the whole server. The CLI, the demo and the tests all build it here, so what is
/// tested is what runs.
public enum SimulcastApplication {
    public typealias Context = BasicWebSocketRequestContext

    /// Everything the server needs from outside: storage, catalogs, time.
    public struct Dependencies: Sendable {
        public var store: any RoomStore
        public var matchmaker: TrackMatchmaker
        public var clock: any LocalClock
        public var logger: Logger

        public init(store: any RoomStore, matchmaker: TrackMatchmaker, clock: any LocalClock = SystemClock(), logger: Logger = Logger(label: "simulcast.server")) {
            self.store = store
            self.matchmaker = matchmaker
            self.clock = clock
            self.logger = logger
        }
    }

    public static func build(
        configuration: ServerConfiguration,
        dependencies: Dependencies,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> (application: some ApplicationProtocol, hub: RoomHub) {
        let metrics = ServerMetrics()
        let hub = RoomHub(store: dependencies.store, matchmaker: dependencies.matchmaker, clock: dependencies.clock, metrics: metrics, logger: dependencies.logger)
        let router = buildRouter(hub: hub, metrics: metrics, configuration: configuration, clock: dependencies.clock)
        var application = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: router,
                configuration: .init(maxFrameSize: configuration.maximumFrameSize, closeTimeout: .seconds(5))
            ),
            configuration: .init(address: .hostname(configuration.hostname, port: configuration.port), serverName: "simulcast"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: dependencies.logger
        )
        application.addServices(StoreCloser(store: dependencies.store, hub: hub))
        return (application, hub)
    }

    public static func buildRouter(hub: RoomHub, metrics: ServerMetrics, configuration: ServerConfiguration, clock: any LocalClock) -> Router<Context> {
        let router = Router(context: Context.self)
        router.add(middleware: LogRequestsMiddleware(.debug))
        router.get("/healthz") { _, _ in ["status": "ok"] }
        router.get("/metrics") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: .init(byteBuffer: ByteBuffer(string: metrics.render())))
        }
        router.post("/v1/rooms") { _, _ -> EditedResponse<CreatedRoom> in
            EditedResponse(status: .created, response: try await hub.createRoom())
        }
        router.get("/v1/rooms/:code") { _, context -> RoomSummary in
            let raw = try context.parameters.require("code")
            guard let code = RoomCode.normalise(raw), let summary = try await hub.summary(code: code) else {
                throw APIError.roomNotFound(String(raw.prefix(12)))
            }
            return summary
        }
        router.post("/v1/matches/corrections") { request, context -> MatchResult in
            let correction: MatchCorrection
            do { correction = try await request.decode(as: MatchCorrection.self, context: context) } catch {
                throw APIError(.badRequest, code: "malformed_correction", message: "expected {room, sourceService, sourceId, targetService, storefront, targetId}")
            }
            return try await hub.correct(correction)
        }
        WebListenerRoutes.add(to: router, hub: hub, web: configuration.web, clock: clock)
        let connections = RoomConnectionHandler(hub: hub, clock: clock, metrics: metrics, configuration: configuration)
        router.ws("/v1/rooms/:code/ws") { inbound, outbound, context in
            let code = context.requestContext.parameters.get("code") ?? ""
            try await connections.run(code: code, inbound: inbound, outbound: outbound, logger: context.logger)
        }
        return router
    }
}
