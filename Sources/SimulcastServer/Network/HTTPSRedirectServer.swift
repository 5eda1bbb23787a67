import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Rooms

/// The plain-HTTP door of a server that serves HTTPS itself: `/healthz` answers (for load
/// balancers and probes that speak HTTP), everything else is sent to the same path under the
/// server's https public origin with a permanent redirect that keeps the method (308). Never
/// to a name the request's `Host` gave: without an https public origin it says to use https.
/// Its connections pass the main door's guard (`GuardedHTTP1Channel`) and close when idle.
enum HTTPSRedirectServer {
    /// A redirect door needs no long keep-alive: a browser follows the redirect elsewhere.
    static let longestIdle: Duration = .seconds(15)

    static func application(
        hostname: String, port: Int, publicOrigins: [String], limiter: ConnectionLimiter, limits: ServerLimits, metrics: ServerMetrics,
        logger: Logger, onServerRunning: @escaping @Sendable () async -> Void
    ) -> some ApplicationProtocol {
        let responder = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
            if request.uri.path == "/healthz" {
                return Response(
                    status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(string: "{\"status\":\"ok\"}")))
            }
            guard let target = location(for: request.uri.string, publicOrigins: publicOrigins) else {
                return Response(
                    status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "Open this server over https://.\n")))
            }
            return Response(status: .permanentRedirect, headers: [.location: target, .cacheControl: "no-cache"])
        }
        let idle = TimeAmount(min(limits.idleTimeout, longestIdle))
        let headerTimeout = TimeAmount(limits.headerTimeout)
        return Application(
            responder: responder,
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(
                    inner: HTTP1Channel(responder: responder, configuration: .init(idleTimeout: idle)), limiter: limiter, headerTimeout: headerTimeout,
                    metrics: metrics)
            },
            configuration: .init(address: .hostname(hostname, port: port), serverName: "simulcast"),
            onServerRunning: { _ in await onServerRunning() }, logger: logger)
    }

    /// Where `path` is over HTTPS: under the first https public origin (the name the
    /// certificate is for); nil without one. The request's `Host` is never used: anyone can
    /// send any, and a redirect built from it sends people where the sender chose.
    static func location(for path: String, publicOrigins: [String]) -> String? {
        let path = path.hasPrefix("/") ? path : "/"
        return publicOrigins.map(WebOrigin.normalise).first(where: { $0.hasPrefix("https://") }).map { $0 + path }
    }
}
