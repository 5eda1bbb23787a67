/// Why the host's player did not take a requested song, in words for the host and the room
/// (sent as `request.queued`'s reason). Never carries a token or a response body.
public struct HostQueueRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
