import Hummingbird
import Logging
import ServiceLifecycle
import SimulcastServer

/// Runs the server until SIGINT/SIGTERM (or `stop()`), closing the database cleanly.
struct ServerRunner: Sendable {
    let group: ServiceGroup
    let hub: RoomHub

    init(configuration: ServerConfiguration, dependencies: SimulcastApplication.Dependencies, handleSignals: Bool, onServerRunning: @escaping @Sendable (Int) async -> Void) {
        let (application, hub) = SimulcastApplication.build(configuration: configuration, dependencies: dependencies, onServerRunning: onServerRunning)
        self.hub = hub
        self.group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [], logger: dependencies.logger)
        )
    }

    func run() async throws { try await group.run() }

    func stop() async { await group.triggerGracefulShutdown() }
}
