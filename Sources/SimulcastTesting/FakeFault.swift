/// A failure a fake service answers with instead of the normal response.
public enum FakeFault: Sendable, Hashable {
    /// An HTTP status with the service's own error body; `retryAfter` adds the header.
    case status(Int, retryAfter: Int? = nil)
    /// HTTP 200 with a body that is not the documented format.
    case malformedBody
    /// Deezer's HTTP 200 error object (4: QUOTA, 800: DATA_NOT_FOUND).
    case deezerError(code: Int, type: String, message: String)
    /// No answer at all: the request is held until the client gives up (or the server stops).
    case hang
    /// HTTP 200 and its headers, then one byte of body a second.
    case trickle
    /// HTTP 200 with a body of this many bytes, streamed (a 2 GB answer costs the fake nothing).
    case oversized(bytes: Int)
    /// HTTP 200 with binary bytes that are no format at all.
    case garbage
}
