import Logging
import SimulcastCore

extension Logger {
    /// What a host source logs when the timeline refuses an event it observed.
    func refusedEvent(_ event: PlaybackEvent, _ error: any Error) {
        debug("event not applied", metadata: ["event": "\(event.event.rawValue)", "reason": "\(error)"])
    }
}
