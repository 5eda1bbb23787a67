import SimulcastCore

/// One open connection of a `RoomTransport`: the server's text frames, each stamped on the
/// connection's clock as it arrived (clock sync needs the arrival, not the moment it was
/// read), and a way to send text, one frame at a time, in order.
public struct RoomTransportLink: Sendable {
    public struct Frame: Sendable {
        public var text: String
        public var receivedAt: LocalTime

        public init(text: String, receivedAt: LocalTime) {
            self.text = text
            self.receivedAt = receivedAt
        }
    }

    /// Ends when the server closes the connection.
    public let frames: AsyncStream<Frame>
    public let write: @Sendable (String) async throws -> Void

    public init(frames: AsyncStream<Frame>, write: @escaping @Sendable (String) async throws -> Void) {
        self.frames = frames
        self.write = write
    }
}
