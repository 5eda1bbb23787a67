import HTTPTypes
import Hummingbird

/// Wraps the router: every response says "do not guess my type"; every page also carries its
/// security policy (`PageSecurityPolicy`): no framing by anyone, only the sources it uses, only
/// the features it needs. A HEAD answers as its GET does, without the body (the router alone
/// knows no HEAD routes and answered 404).
struct SecurityHeadersResponder<Wrapped: HTTPResponder>: HTTPResponder where Wrapped.Context == SimulcastRequestContext {
    typealias Context = SimulcastRequestContext
    let wrapped: Wrapped
    let policy: PageSecurityPolicy

    func respond(to request: Request, context: Context) async throws -> Response {
        let head = request.method == .head
        var forwarded = request
        if head {
            var asGet = request.head
            asGet.method = .get
            forwarded = Request(head: asGet, body: request.body)
        }
        var response = try await wrapped.respond(to: forwarded, context: context)
        response.headers[.xContentTypeOptions] = "nosniff"
        if response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[.contentSecurityPolicy] = policy.contentSecurityPolicy
            response.headers[.xFrameOptions] = "DENY"
            response.headers[.permissionsPolicy] = PageSecurityPolicy.permissionsPolicy
        }
        if head {
            if let length = response.body.contentLength { response.headers[.contentLength] = String(length) }
            response.body = .init()
        }
        return response
    }
}

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let xFrameOptions = HTTPField.Name("X-Frame-Options")!
    static let permissionsPolicy = HTTPField.Name("Permissions-Policy")!
}
