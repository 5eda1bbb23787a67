import Hummingbird
import Rooms
import ServiceLifecycle

/// The hub's loops as a service of the application: the room sweeper, this node's heartbeat,
/// the feed of other nodes' changes and the matcher; on shutdown (SIGINT/SIGTERM) it closes
/// every room connection, then the store.
/// Services stop in reverse order, so this runs before the HTTP server stops: sockets get
/// their 1001 close while the server can still write it.
struct RoomHubService: Service {
    let store: any RoomStore
    let hub: RoomHub
    /// Follows rooms hosted from a browser, when the server offers it.
    let hosting: (any RoomHosting)?
    /// Ends once the store is ready (or the group is cancelled).
    let storeReady: AsyncStream<Void>

    func run() async throws {
        // A store that never gets ready (the database refused) ends with the group's shutdown.
        let ready = await cancelWhenGracefulShutdown {
            for await _ in storeReady {}
            return !Task.isCancelled
        }
        if ready { await runLoops() }
        await hub.shutdown()
        try await store.close()
    }

    private func runLoops() async {
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await hub.runSweeper() }
                    group.addTask { await hub.runHeartbeat() }
                    group.addTask { await hub.runChangeFeed() }
                    group.addTask { await hub.runMatcher() }
                    group.addTask { await hub.runPresence() }
                    if let hosting { group.addTask { await hosting.run() } }
                }
            }
        } onGracefulShutdown: {
        }
    }
}
