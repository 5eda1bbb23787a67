/// Whether a room takes song requests from its listeners, and how the host answers them.
public enum RequestPolicy: String, Hashable, Codable, Sendable, CaseIterable {
    /// No requests (a room's state without a policy says the same).
    case off
    /// Each request waits for the host to accept or decline it.
    case ask
    /// A request with a match on the host's service goes to the host's queue at once.
    case automatic
}
