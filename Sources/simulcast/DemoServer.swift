import Logging
import SimulcastCore
import SimulcastServer
import TrackMatching

/// The demo's server, which can be stopped and started again on the same database and port.
actor DemoServer {
    let databasePath: String
    let matchmaker: TrackMatchmaker
    let clock: any LocalClock
    let logger: Logger
    private var runner: ServerRunner?
    private var task: Task<Void, any Error>?

    init(databasePath: String, matchmaker: TrackMatchmaker, clock: any LocalClock, logger: Logger) {
        self.databasePath = databasePath
        self.matchmaker = matchmaker
        self.clock = clock
        self.logger = logger
    }

    /// Starts serving and returns the bound port.
    func start(port: Int) async throws -> Int {
        let store = try await SQLiteRoomStore.open(path: databasePath, logger: logger)
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let runner = ServerRunner(
            configuration: .init(hostname: "127.0.0.1", port: port),
            dependencies: .init(store: store, matchmaker: matchmaker, clock: clock, logger: logger),
            handleSignals: false
        ) { port in
            continuation.yield(port)
            continuation.finish()
        }
        self.runner = runner
        task = Task { try await runner.run() }
        for await bound in ports { return bound }
        throw DemoError("the server did not start")
    }

    func stop() async {
        await runner?.stop()
        _ = try? await task?.value
        runner = nil
        task = nil
    }
}

struct DemoError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
