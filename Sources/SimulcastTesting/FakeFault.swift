/// A failure a fake service answers with instead of the normal response.
public enum FakeFault: Sendable, Hashable {
    /// An HTTP status with the service's own error body; `retryAfter` adds the header.
    case status(Int, retryAfter: Int? = nil)
    /// HTTP 200 with a body that is not the documented format.
    case malformedBody
    /// Deezer's HTTP 200 error object (4: QUOTA, 800: DATA_NOT_FOUND).
    case deezerError(code: Int, type: String, message: String)
}
