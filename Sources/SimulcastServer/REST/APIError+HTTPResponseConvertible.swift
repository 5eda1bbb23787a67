import HTTPTypes
import OpenAPIRuntime

/// An `APIError` thrown by a generated REST handler answers as it does anywhere else.
extension APIError: HTTPResponseConvertible {
    public var httpStatus: HTTPResponse.Status { status }
    public var httpHeaderFields: HTTPFields { headers }
    public var httpBody: HTTPBody? { HTTPBody(body) }
}
