/// Where a host source sends what the host's player did: a `HostSession` in use, a
/// recorder in tests.
public protocol HostEventSink: Sendable {
    func apply(_ event: HostEvent) async throws
}
