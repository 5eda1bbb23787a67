import HTTPTypes
import OpenAPIRuntime

/// Turns what goes wrong in a generated REST operation into the documented error body: an
/// `APIError` from a handler as itself; a request the generated code could not parse (only
/// a correction has a body) as `400 malformed_correction`. A correction's body is read up to
/// 16 KiB here, before anything decodes it.
struct RESTErrorMiddleware: ServerMiddleware {
    static let correctionBodyLimit = 16 * 1024
    static let malformedCorrection = APIError(
        .badRequest, code: .malformedCorrection,
        message: "expected {room, sourceService, sourceId, targetService, storefront, targetId, global?} in at most 16 KiB")

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var body = body
        if operationID == "addCorrection" {
            do {
                var bytes: [UInt8] = []
                if let body { bytes = try await [UInt8](collecting: body, upTo: Self.correctionBodyLimit) }
                body = HTTPBody(bytes)
            } catch {
                return Self.response(Self.malformedCorrection)
            }
        }
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError {
            if let apiError = error.underlyingError as? APIError { return Self.response(apiError) }
            if error.httpStatus.kind == .clientError, operationID == "addCorrection" { return Self.response(Self.malformedCorrection) }
            throw error
        }
    }

    static func response(_ error: APIError) -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(status: error.status, headerFields: error.headers), HTTPBody(error.body))
    }
}
