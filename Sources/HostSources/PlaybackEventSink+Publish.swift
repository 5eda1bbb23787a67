import Logging
import SimulcastClient
import SimulcastCore

extension PlaybackEventSink {
    /// Applies an event a source observed and tells the caller; an event the timeline cannot
    /// take (a pause with nothing playing, say) is logged and dropped.
    func publish(_ event: PlaybackEvent, at time: Int64, logger: Logger, onEvent: @Sendable (PlaybackEvent) async -> Void) async {
        do {
            try await apply(event, at: time)
            await onEvent(event)
        } catch {
            logger.debug("event not applied", metadata: ["event": "\(event.event.rawValue)", "reason": "\(error)"])
        }
    }
}
