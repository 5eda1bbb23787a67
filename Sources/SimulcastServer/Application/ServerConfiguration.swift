import Rooms
import SimulcastCore

/// Everything `simulcast serve` can be told.
public struct ServerConfiguration: Sendable {
    public var hostname: String
    /// 0 picks a free port; the bound one is passed to `onServerRunning`.
    public var port: Int
    /// Sizes, rates, timeouts: every resource a client can use is bounded.
    public var limits: ServerLimits
    /// Proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (`--trusted-proxy`).
    public var trustedProxies: Set<String>
    /// `Authorization: Bearer` token for operator actions (global corrections, listing and
    /// revoking any correction) and for `/metrics` from other hosts; nil: those are refused.
    public var adminToken: String?
    /// Rooms' idle expiry and the sweep that enforces it.
    public var expiry: RoomHub.Expiry
    /// SIGTERM finishes within this time, whatever the peers do.
    public var shutdownTimeout: Duration
    /// The browser listener page and its developer-token endpoint.
    public var web: WebListenerConfiguration
    /// HTTPS from these files; nil: plain HTTP (behind a proxy that terminates TLS, or on loopback).
    public var tls: TLSFiles?
    /// A plain-HTTP port that only redirects to HTTPS (and answers `/healthz`); needs `tls`.
    public var httpRedirectPort: Int?

    public init(
        hostname: String = "127.0.0.1", port: Int = 8080, limits: ServerLimits = ServerLimits(), trustedProxies: Set<String> = [], adminToken: String? = nil,
        expiry: RoomHub.Expiry = RoomHub.Expiry(), shutdownTimeout: Duration = .seconds(10), web: WebListenerConfiguration = WebListenerConfiguration(),
        tls: TLSFiles? = nil, httpRedirectPort: Int? = nil
    ) {
        self.tls = tls
        self.httpRedirectPort = httpRedirectPort
        self.hostname = hostname
        self.port = port
        self.limits = limits
        self.trustedProxies = trustedProxies
        self.adminToken = adminToken
        self.expiry = expiry
        self.shutdownTimeout = shutdownTimeout
        self.web = web
    }
}
