import Hummingbird
import Logging

/// Logs each request (at debug) by method and path only: a query can carry secrets, such as
/// Spotify's authorization `code` and `state` on `/r/callback`, and never reaches the log.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = SimulcastRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.debug("request", metadata: ["method": "\(request.method)", "path": "\(String(request.uri.path.prefix(200)))"])
        return try await next(request, context)
    }
}
