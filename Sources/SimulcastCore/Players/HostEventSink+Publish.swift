extension HostEventSink {
    /// Applies an event a source observed and tells the caller. An event the timeline cannot
    /// take (a pause with nothing playing, say) goes to `onRefused` and is dropped: a source
    /// keeps polling whatever one observation was worth.
    public func publish(_ event: HostEvent, onEvent: @Sendable (HostEvent) async -> Void, onRefused: (HostEvent, any Error) -> Void) async {
        do {
            try await apply(event)
            await onEvent(event)
        } catch {
            onRefused(event, error)
        }
    }
}
