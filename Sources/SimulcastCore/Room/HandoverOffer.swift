/// The host offers the room to one listener's connection (its `ListenerId` in the room's
/// presence, never a name: names can be typed by anyone). Shown to everyone in `room.state`;
/// only the connection that holds `listener` may answer it with `handover.answer`, before
/// `expiresAt`.
public struct HandoverOffer: Hashable, Codable, Sendable {
    /// The addressee's connection.
    public var listener: String
    /// The addressee's name when the offer was made, for people to read.
    public var to: String
    public var expiresAt: ServerTime

    public init(listener: String, to: String, expiresAt: ServerTime) {
        self.listener = listener
        self.to = to
        self.expiresAt = expiresAt
    }

    /// How long a listener has to answer.
    public static let lifetime: Duration = .seconds(120)
}
