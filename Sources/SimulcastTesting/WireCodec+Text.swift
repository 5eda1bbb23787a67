import SimulcastCore

extension WireCodec {
    /// `message` as text for a test to send where it cannot throw; a message JSON cannot carry
    /// becomes a frame the server refuses as not JSON, so the test sees it fail.
    public func text(_ message: WireMessage) -> String {
        (try? encode(message)) ?? "unencodable \(message.type)"
    }
}
