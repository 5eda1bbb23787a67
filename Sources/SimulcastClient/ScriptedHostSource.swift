import SimulcastCore

/// Plays a sequence of playback events into a host session at the times they carry
/// (`at`, seconds from the start), or at once for events without a time.
public struct ScriptedHostSource: Sendable {
    public let session: HostSession

    public init(session: HostSession) {
        self.session = session
    }

    /// Returns after the last event; `onEvent` sees each event as it is applied.
    public func play<Events: AsyncSequence & Sendable>(_ events: Events, onEvent: @Sendable (PlaybackEvent) async -> Void = { _ in }) async throws
    where Events.Element == PlaybackEvent {
        let start = ContinuousClock.now
        for try await event in events {
            if let at = event.at {
                try await Task.sleep(until: start + .milliseconds(Int64(at * 1000)), clock: .continuous)
            }
            try await session.apply(event)
            await onEvent(event)
        }
    }
}
