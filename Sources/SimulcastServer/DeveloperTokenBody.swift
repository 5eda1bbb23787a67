import Rooms

/// The answer of `GET /v1/apple-music/developer-token`.
struct DeveloperTokenBody: Encodable {
    var token: String
    /// Unix seconds.
    var expiresAt: Int64
    /// The origin the token is bound to.
    var origin: String
}
