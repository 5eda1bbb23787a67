import Hummingbird
import Rooms

/// Makes the request's client and token available to the generated REST handlers
/// (`RESTRequest.current`), as swift-openapi-hummingbird suggests for request context.
struct RESTRequestMiddleware: RouterMiddleware {
    typealias Context = SimulcastRequestContext
    let trustedProxies: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let client = ClientAddress.resolve(
            peer: context.remoteAddress, headers: request.headers, trustedProxies: trustedProxies, secure: request.head.scheme == "https")
        let current = RESTRequest(client: client, peerIP: context.remoteAddress?.ipAddress, headers: request.headers)
        return try await RESTRequest.$current.withValue(current) { try await next(request, context) }
    }
}
