import Foundation
import HTTPTypes
import Hummingbird

/// An HTTP error that renders itself as `{"error": {"code", "message"}}`.
public struct APIError: HTTPResponseError, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var code: String
    public var message: String

    public init(_ status: HTTPResponse.Status, code: String, message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(["error": ["code": code, "message": message]])
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    static func roomNotFound(_ code: String) -> APIError {
        APIError(.notFound, code: "room_not_found", message: "there is no room \(code)")
    }
}
