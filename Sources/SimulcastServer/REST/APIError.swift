import Foundation
import HTTPTypes
import Hummingbird
import Rooms
import SimulcastCore

/// An HTTP error that renders itself as `{"error": {"code", "message"}}`.
public struct APIError: HTTPResponseError, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var code: APIErrorCode
    public var message: String

    /// Seconds a rate-limited client should wait (`Retry-After`).
    public var retryAfter: Int?

    public init(_ status: HTTPResponse.Status, code: APIErrorCode, message: String, retryAfter: Int? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { "\(code.rawValue): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func rateLimited(_ message: String, retryAfter: Int) -> APIError {
        APIError(.tooManyRequests, code: .rateLimited, message: message, retryAfter: retryAfter)
    }

    static func roomNotFound(_ code: String) -> APIError {
        APIError(.notFound, code: .roomNotFound, message: "there is no room \(code)")
    }

    /// The body every error answers with.
    var body: [UInt8] {
        let encoded = try? JSONEncoder().encode(["error": ["code": code.rawValue, "message": message]])
        return encoded.map { Array($0) } ?? Array(#"{"error":{"code":"internal","message":"unencodable"}}"#.utf8)
    }

    var headers: HTTPFields {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = "\(retryAfter)" }
        return headers
    }
}
