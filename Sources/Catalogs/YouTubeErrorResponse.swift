/// The Data API's error body: `{"error": {"code": 403, "message": ..., "errors": [{"reason":
/// "quotaExceeded", "domain": "youtube.quota"}]}}`. Only the reasons are read; the message may
/// quote the request.
struct YouTubeErrorResponse: Decodable {
    struct Body: Decodable {
        struct Detail: Decodable {
            var reason: String?
        }
        var code: Int?
        var errors: [Detail]?
    }
    var error: Body

    var reasons: [String] { error.errors?.compactMap(\.reason) ?? [] }
}
