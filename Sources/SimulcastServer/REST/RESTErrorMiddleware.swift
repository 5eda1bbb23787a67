import HTTPTypes
import OpenAPIRuntime
import SimulcastCore

/// Turns what goes wrong in a generated REST operation into the documented error body: an
/// `APIError` from a handler as itself; a request the generated code could not parse as the
/// operation's own `400 malformed_…`. A body is read up to its operation's limit here, before
/// anything decodes it.
struct RESTErrorMiddleware: ServerMiddleware {
    static let correctionBodyLimit = 16 * 1024
    static let hostingBodyLimit = 4 * 1024
    static let malformedCorrection = APIError(
        .badRequest, code: .malformedCorrection,
        message: "expected {room, sourceService, sourceId, targetService, storefront, targetId, global?} in at most 16 KiB")
    static let malformedHosting = APIError(
        .badRequest, code: .malformedHosting, message: "expected {service: \"spotify\", code, codeVerifier, redirectUri} in at most 4 KiB")

    static let malformedFollow = APIError(
        .badRequest, code: .malformedFollow,
        message: "expected {service: \"spotify\", code, codeVerifier, redirectUri, deviceId, storefront, name?} in at most 4 KiB")

    static let malformedRoomRequest = APIError(
        .badRequest, code: .malformedRoomRequest, message: "expected no body, or {hostName} in at most 1 KiB")

    static let malformedReaction = APIError(
        .badRequest, code: .malformedReaction, message: "expected {reaction} with one of: \(Reaction.names), in at most 1 KiB")

    static let malformedRequestPolicy = APIError(
        .badRequest, code: .malformedRequestAnswer, message: "expected {policy} with one of: off, ask, automatic, in at most 1 KiB")

    static let malformedRequestAnswer = APIError(
        .badRequest, code: .malformedRequestAnswer, message: "expected {answer} with one of: accept, decline, in at most 1 KiB")

    static let malformedHandover = APIError(
        .badRequest, code: .malformedHandover, message: "expected {listener} with a listener's id from the room's presence, in at most 1 KiB")

    static let malformedHistory = APIError(.badRequest, code: .malformedHistory, message: "before is a page's earlier, a number from 1")

    /// The operations with a typed query: the error for one that does not parse (a number too
    /// large for its type is the client's mistake, not the server's).
    static let queries: [String: APIError] = ["getHistory": malformedHistory]

    /// The operations with a body: how much of it is read, and the error for one that does not parse.
    static let bodies: [String: (limit: Int, malformed: APIError)] = [
        "addCorrection": (correctionBodyLimit, malformedCorrection),
        "startHosting": (hostingBodyLimit, malformedHosting),
        "startFollowing": (hostingBodyLimit, malformedFollow),
        "sendReaction": (1024, malformedReaction),
        "createRoom": (1024, malformedRoomRequest),
        "setRequestPolicy": (1024, malformedRequestPolicy),
        "answerRequest": (1024, malformedRequestAnswer),
        "offerHandover": (1024, malformedHandover),
    ]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, metadata: ServerRequestMetadata, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var body = body
        let expected = Self.bodies[operationID]
        if let expected {
            do {
                var bytes: [UInt8] = []
                if let body { bytes = try await [UInt8](collecting: body, upTo: expected.limit) }
                // An empty body is no body: `createRoom`'s is optional, the others' then fail as malformed.
                body = bytes.isEmpty ? nil : HTTPBody(bytes)
            } catch {
                return Self.response(expected.malformed)
            }
        }
        do {
            return try await next(request, body, metadata)
        } catch let error as ServerError {
            if let apiError = error.underlyingError as? APIError { return Self.response(apiError) }
            if error.httpStatus.kind == .clientError, let malformed = expected?.malformed ?? Self.queries[operationID] { return Self.response(malformed) }
            throw error
        }
    }

    static func response(_ error: APIError) -> (HTTPResponse, HTTPBody?) {
        (HTTPResponse(status: error.status, headerFields: error.headers), HTTPBody(error.body))
    }
}
