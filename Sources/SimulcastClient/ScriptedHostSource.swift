import SimulcastCore

/// Plays a playback script into a host session at the times its events carry (`at`, seconds
/// from the start), or at once for events without a time: the script format's edge, where
/// each becomes a `HostEvent` at the session's local time.
public struct ScriptedHostSource: Sendable {
    public let session: HostSession

    public init(session: HostSession) {
        self.session = session
    }

    /// Returns after the last event; `onEvent` sees each event as it is applied.
    public func play<Events: AsyncSequence & Sendable>(_ events: Events, onEvent: @Sendable (HostEvent) async -> Void = { _ in }) async throws
    where Events.Element == PlaybackEvent {
        let start = ContinuousClock.now
        for try await event in events {
            if let at = event.at {
                try await Task.sleep(until: start + .milliseconds(Int64(at * 1000)), clock: .continuous)
            }
            let happened = event.hostEvent(at: session.clock.now())
            try await session.apply(happened)
            await onEvent(happened)
        }
    }
}
