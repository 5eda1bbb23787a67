import Hummingbird
import ServiceLifecycle

/// Closes connections and the database when the server shuts down (SIGINT/SIGTERM).
struct StoreCloser: Service {
    let store: any RoomStore
    let hub: RoomHub

    func run() async throws {
        try? await gracefulShutdown()
        await hub.closeAll()
        try await store.close()
    }
}
