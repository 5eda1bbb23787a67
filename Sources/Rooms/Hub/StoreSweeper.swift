import Logging
import Prometheus
import SimulcastCore

/// The database's side of the sweep: deletes rooms idle past their expiry (except those
/// loaded here) and purges expired cache rows and long-dead nodes.
struct StoreSweeper: Sendable {
    let store: any RoomStateStore
    let expiry: RoomHub.Expiry
    let clock: any LocalClock
    let metrics: ServerMetrics
    let logger: Logger

    func sweep(keeping loaded: Set<String>) async {
        let now = clock.serverClockNow()
        do {
            let deleted = try await store.deleteIdleRooms(idleBefore: now.advanced(by: -expiry.roomIdle.inMicroseconds), keeping: loaded)
            let purged = try await store.purgeExpired(now: now)
            if deleted > 0 || purged > 0 {
                metrics.roomsExpired.increment(by: Int64(deleted))
                logger.info("swept", metadata: ["roomsDeleted": "\(deleted)", "cacheRowsPurged": "\(purged)"])
            }
        } catch {
            logger.error("cannot sweep the database", metadata: ["error": "\(error)"])
        }
    }
}
