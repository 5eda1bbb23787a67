import SimulcastCore

/// Everything `simulcast serve` can be told.
public struct ServerConfiguration: Sendable {
    public var hostname: String
    /// 0 picks a free port; the bound one is passed to `onServerRunning`.
    public var port: Int
    /// The largest protocol message accepted, in bytes; larger ones get `message_too_large`.
    public var maximumMessageSize: Int
    /// Frames larger than this close the connection (status 1009) without being read.
    public var maximumFrameSize: Int
    /// The browser listener page and its developer-token endpoint.
    public var web: WebListenerConfiguration

    public init(hostname: String = "127.0.0.1", port: Int = 8080, maximumMessageSize: Int = 64 * 1024, maximumFrameSize: Int = 1024 * 1024, web: WebListenerConfiguration = WebListenerConfiguration()) {
        self.web = web
        self.hostname = hostname
        self.port = port
        self.maximumMessageSize = maximumMessageSize
        self.maximumFrameSize = maximumFrameSize
    }
}
