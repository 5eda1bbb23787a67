import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The plain-HTTP door of a server that serves HTTPS itself: `/healthz` answers (for load
/// balancers and probes that speak HTTP), everything else is sent to the same path over
/// HTTPS with a permanent redirect that keeps the method (308).
enum HTTPSRedirectServer {
    static func application(
        hostname: String, port: Int, httpsPort: @escaping @Sendable () -> Int, publicOrigins: [String], logger: Logger
    ) -> some ApplicationProtocol {
        let responder = CallbackResponder { (request: Request, _: BasicRequestContext) -> Response in
            if request.uri.path == "/healthz" {
                return Response(
                    status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(string: "{\"status\":\"ok\"}")))
            }
            guard let target = location(for: request.uri.string, host: request.head.authority, httpsPort: httpsPort(), publicOrigins: publicOrigins)
            else {
                return Response(
                    status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                    body: .init(byteBuffer: ByteBuffer(string: "Open this server over https://.\n")))
            }
            return Response(status: .permanentRedirect, headers: [.location: target, .cacheControl: "no-cache"])
        }
        return Application(
            responder: responder, configuration: .init(address: .hostname(hostname, port: port), serverName: "simulcast"), logger: logger)
    }

    /// Where `path` is over HTTPS: under the first https public origin when there is one (the
    /// name the certificate is for), else the request's host on the HTTPS port. nil when the
    /// Host header is not a plain host name.
    static func location(for path: String, host: String?, httpsPort: Int, publicOrigins: [String]) -> String? {
        let path = path.hasPrefix("/") ? path : "/"
        if let origin = publicOrigins.map(WebOrigin.normalise).first(where: { $0.hasPrefix("https://") }) { return origin + path }
        guard let host, RoomLink.isPlainHost(host) else { return nil }
        let name = RoomLink.hostName(host)
        let bracketed = name.contains(":") ? "[\(name)]" : name
        return httpsPort == 443 ? "https://\(bracketed)\(path)" : "https://\(bracketed):\(httpsPort)\(path)"
    }
}
