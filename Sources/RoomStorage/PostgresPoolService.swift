import PostgresNIO
import ServiceLifecycle

/// The store's connection pool as a service of the server's group: it runs until the group
/// shuts it down, which is after the services added after it (the hub, the HTTP server) have
/// stopped using it.
struct PostgresPoolService: Service {
    let client: PostgresClient

    func run() async {
        await cancelWhenGracefulShutdown { await client.run() }
    }
}
