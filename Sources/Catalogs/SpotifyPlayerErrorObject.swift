/// The body of a refused player command: `{"error": {"status", "message", "reason"}}`, where
/// `reason` is one of the Web API's player error reasons (`PREMIUM_REQUIRED`,
/// `NO_ACTIVE_DEVICE`, ...). Only `reason` is read: the message is free text.
struct SpotifyPlayerErrorObject: Decodable {
    struct Detail: Decodable { var reason: String? }
    var error: Detail?
}
