/// What a listener keeps of their follow: its id, and the token that lets them read its
/// status and stop it (shown once; only its hash is stored).
public struct ListenerFollowTicket: Hashable, Sendable, CustomStringConvertible {
    public var id: String
    public var token: String

    public init(id: String, token: String) {
        self.id = id
        self.token = token
    }

    public var description: String { "ListenerFollowTicket(\(id), token redacted)" }
}
