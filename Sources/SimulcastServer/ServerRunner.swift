import Hummingbird
import Logging
import ServiceLifecycle


/// Runs the server until SIGINT/SIGTERM (or `stop()`), closing the database cleanly.
public struct ServerRunner: Sendable {
    let group: ServiceGroup
    let hub: RoomHub

    public init(configuration: ServerConfiguration, dependencies: SimulcastApplication.Dependencies, handleSignals: Bool, onServerRunning: @escaping @Sendable (Int) async -> Void) {
        let (application, hub) = SimulcastApplication.build(configuration: configuration, dependencies: dependencies, onServerRunning: onServerRunning)
        self.hub = hub
        self.group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [], logger: dependencies.logger)
        )
    }

    public func run() async throws { try await group.run() }

    public func stop() async { await group.triggerGracefulShutdown() }
}
