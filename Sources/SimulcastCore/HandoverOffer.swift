/// The host offers the room to one listener (by their name in the room's presence): shown to
/// everyone in `room.state`, answered by that listener with `handover.answer` before `expiresAt`.
public struct HandoverOffer: Hashable, Codable, Sendable {
    public var to: String
    public var expiresAt: ServerTime

    public init(to: String, expiresAt: ServerTime) {
        self.to = to
        self.expiresAt = expiresAt
    }

    /// How long a listener has to answer.
    public static let lifetime: Duration = .seconds(120)
}
