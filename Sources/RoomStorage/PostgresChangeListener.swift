import Logging
import PostgresNIO
import Rooms
import ServiceLifecycle

/// Keeps one connection, outside the pool, listening on the rooms channel, and turns its
/// notifications into `RoomChange`s. After any loss (PostgreSQL restarting, the network) it
/// reconnects with backoff and says `.resync`: notifications sent meanwhile are gone. A
/// service of the server's group; the change stream ends when it stops.
struct PostgresChangeListener: Service {
    let configuration: PostgresConnection.Configuration
    let channel: String
    let logger: Logger
    let continuation: AsyncStream<RoomChange>.Continuation
    /// Called each time the channel is listened to (again): changes from then on arrive.
    let onListening: @Sendable () -> Void

    func run() async {
        await cancelWhenGracefulShutdown { await listen() }
        continuation.finish()
    }

    private func listen() async {
        var failures = 0
        var connectedBefore = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
                do {
                    try await connection.listen(on: channel) { notifications in
                        onListening()
                        if connectedBefore {
                            logger.notice("listening for other nodes' changes again")
                            continuation.yield(.resync)
                        }
                        connectedBefore = true
                        failures = 0
                        for try await notification in notifications {
                            if let change = RoomChange(payload: notification.payload) { continuation.yield(change) }
                        }
                    }
                } catch {
                    try? await connection.close()
                    throw error
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { break }
                if failures == 0 {
                    logger.warning(
                        "lost the connection that hears other nodes' changes; reconnecting", metadata: ["error": "\(PostgresRoomStore.describe(error))"])
                }
            }
            failures += 1
            // 100 ms, 200 ms, ... up to 2 s between attempts.
            let wait = Duration.milliseconds(min(2_000, 100 << min(failures - 1, 5)))
            do { try await Task.sleep(for: wait) } catch { break }
        }
    }
}
