import Hummingbird
import ServiceLifecycle

/// Runs the room sweeper, this node's heartbeat, the feed of other nodes' changes and the
/// matcher, and on shutdown (SIGINT/SIGTERM) closes every room connection, then the database.
/// Services stop in reverse order, so this runs before the HTTP server stops: sockets get
/// their 1001 close while the server can still write it.
struct StoreCloser: Service {
    let store: any RoomStore
    let hub: RoomHub

    func run() async throws {
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await hub.runSweeper() }
                    group.addTask { await hub.runHeartbeat() }
                    group.addTask { await hub.runChangeFeed() }
                    group.addTask { await hub.runMatcher() }
                }
            }
        } onGracefulShutdown: {
        }
        await hub.shutdown()
        try await store.close()
    }
}
