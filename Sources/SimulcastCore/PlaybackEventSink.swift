/// Where a host source sends what the host's player did: a `HostSession` in use, a
/// recorder in tests.
public protocol PlaybackEventSink: Sendable {
    /// `localTime`: when the event happened on this machine's clock (µs).
    func apply(_ event: PlaybackEvent, at localTime: LocalTime) async throws
}
