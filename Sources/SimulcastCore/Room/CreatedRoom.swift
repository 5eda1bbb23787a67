/// `POST /v1/rooms`: the code to share and the host's secret (shown once, stored hashed).
public struct CreatedRoom: Codable, Hashable, Sendable {
    public var code: String
    public var hostToken: String
    public var webSocketPath: String

    public init(code: String, hostToken: String) {
        self.code = code
        self.hostToken = hostToken
        self.webSocketPath = "/v1/rooms/\(code)/ws"
    }
}
