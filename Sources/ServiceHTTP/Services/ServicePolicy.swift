import SimulcastCore

/// What the one running a catalog client decides beyond the service's wire format: how long
/// one `Retry-After` may hold every request to the service back, and a word each time one does
/// (a server counts them in `/metrics`).
public struct ServicePolicy: Sendable {
    /// One answer of `Retry-After: 86400` must not stop matching on a service for a day.
    public var retryAfterCapSeconds: Double
    /// Called with the service and the seconds requests are held back (after the cap).
    public var heldBack: @Sendable (_ service: MusicService, _ seconds: Double) -> Void

    public init(retryAfterCapSeconds: Double = 60, heldBack: @escaping @Sendable (_ service: MusicService, _ seconds: Double) -> Void = { _, _ in }) {
        self.retryAfterCapSeconds = retryAfterCapSeconds
        self.heldBack = heldBack
    }
}
