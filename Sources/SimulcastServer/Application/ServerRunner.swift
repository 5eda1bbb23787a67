import Hummingbird
import Logging
import Rooms
import ServiceLifecycle
import UnixSignals

/// Runs the server until SIGINT/SIGTERM (or `stop()`), closing the database cleanly. Shutdown
/// is bounded: after `shutdownTimeout` whatever is left is cancelled, whatever peers do.
public struct ServerRunner: Sendable {
    let group: ServiceGroup
    public let hub: RoomHub

    /// - Parameter cancellationTimeout: how long the services may take to end once cancelled
    ///   (after `shutdownTimeout`); past it ServiceLifecycle stops the process.
    public init(
        configuration: ServerConfiguration, dependencies: SimulcastApplication.Dependencies, handleSignals: Bool,
        cancellationTimeout: Duration = .seconds(2), onServerRunning: @escaping @Sendable (Int) async -> Void
    ) throws {
        let (application, hub) = try SimulcastApplication.build(
            configuration: configuration, dependencies: dependencies, handleSignals: handleSignals, onServerRunning: onServerRunning)
        self.hub = hub
        var groupConfiguration = ServiceGroupConfiguration(
            services: [.init(service: application)], gracefulShutdownSignals: handleSignals ? [.sigterm, .sigint] : [], logger: dependencies.logger)
        groupConfiguration.maximumGracefulShutdownDuration = configuration.shutdownTimeout
        groupConfiguration.maximumCancellationDuration = cancellationTimeout
        self.group = ServiceGroup(configuration: groupConfiguration)
    }

    public func run() async throws { try await group.run() }

    public func stop() async { await group.triggerGracefulShutdown() }
}
