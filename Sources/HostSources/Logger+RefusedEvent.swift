import Logging
import SimulcastCore

extension Logger {
    /// What a host source logs when the timeline refuses an event it observed.
    func refusedEvent(_ event: HostEvent, _ error: any Error) {
        debug("event not applied", metadata: ["event": "\(event.kind.rawValue)", "reason": "\(error)"])
    }
}
