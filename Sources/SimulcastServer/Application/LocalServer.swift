import Logging
import Rooms
import SimulcastCore
import TrackMatching

/// A server in this process that can be stopped and started again on the same port and
/// storage: the demo's restart, and the integration tests.
public actor LocalServer {
    public typealias StoreFactory = @Sendable () async throws -> any RoomStore
    let makeStore: StoreFactory
    let matchmaker: TrackMatchmaker
    let clock: any LocalClock
    let logger: Logger
    let web: WebListenerConfiguration
    let configuration: ServerConfiguration
    let makeHosting: (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)?
    private var runner: ServerRunner?
    private var task: Task<Void, any Error>?
    public private(set) var hub: RoomHub?
    public private(set) var port: Int?

    /// - Parameter configuration: limits, tokens and expiry; its hostname, port and web part are replaced.
    public init(
        matchmaker: TrackMatchmaker, clock: any LocalClock, logger: Logger = Logger(label: "simulcast.server"),
        web: WebListenerConfiguration = WebListenerConfiguration(),
        configuration: ServerConfiguration = ServerConfiguration(), makeHosting: (@Sendable (any RoomStore, RoomHub) -> any RoomHosting)? = nil,
        makeStore: @escaping StoreFactory
    ) {
        self.makeHosting = makeHosting
        self.makeStore = makeStore
        self.configuration = configuration
        self.web = web
        self.matchmaker = matchmaker
        self.clock = clock
        self.logger = logger
    }

    public var baseURL: String? { port.map { "http://127.0.0.1:\($0)" } }

    /// Starts serving on loopback and returns the bound port (0 picks a free one).
    @discardableResult
    public func start(port requested: Int = 0) async throws -> Int {
        let store = try await makeStore()
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let runner = try ServerRunner(
            configuration: {
                var c = configuration; c.hostname = "127.0.0.1"; c.port = requested; c.web = web; return c
            }(),
            dependencies: .init(store: store, matchmaker: matchmaker, clock: clock, logger: logger, makeHosting: makeHosting),
            handleSignals: false,
            // Embedded in another program (tests, the demo, benchmarks): a slow cancellation on a
            // busy machine must not stop the host program, as ServiceLifecycle does past this.
            cancellationTimeout: .seconds(30)
        ) { bound in
            continuation.yield(bound)
            continuation.finish()
        }
        self.runner = runner
        self.hub = runner.hub
        let task = Task {
            // A server that fails before it listens ends the wait below with its error.
            defer { continuation.finish() }
            try await runner.run()
        }
        self.task = task
        for await bound in ports {
            port = bound
            return bound
        }
        // The stream ended without a port: the server failed to start; report why.
        try await task.value
        throw StoreError(.failed, "the server stopped before it started listening")
    }

    /// Stops serving; connections are closed and the store is closed.
    public func stop() async {
        await runner?.stop()
        _ = try? await task?.value
        runner = nil
        task = nil
    }
}
