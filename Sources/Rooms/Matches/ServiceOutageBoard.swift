import SimulcastCore
import Synchronization

/// This node's `ServiceOutages`, shared by the hub (which sees every lookup's answer) and the
/// rooms (which ask whether a waiting track may go out as a probe) without an actor hop.
final class ServiceOutageBoard: Sendable {
    private let outages: Mutex<ServiceOutages>

    init(_ outages: ServiceOutages = ServiceOutages()) {
        self.outages = Mutex(outages)
    }

    func answered(_ service: MusicService, unavailable: Bool, at now: ServerTime) -> Bool {
        outages.withLock { $0.answered(service, unavailable: unavailable, at: now) }
    }

    func mayProbe(_ service: MusicService, at now: ServerTime) -> Bool {
        outages.withLock { $0.mayProbe(service, at: now) }
    }
}
