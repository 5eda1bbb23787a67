import SimulcastCore

/// A compare-and-set of a room's state: saved only if the room is still at `expectedSeq`
/// (and the claim condition holds). Whichever node commits first wins; the others get the
/// winner's row back and retry on top of it, so `seq` is one sequence across every node.
public struct StateCommit: Sendable {
    public var code: String
    public var state: RoomState
    /// The state as it goes on the wire (a `room.state` message reads back as a `RoomState`).
    public var encoded: String
    public var expectedSeq: Int
    public var claim: ClaimRequirement
    /// Server microseconds, for the room's last activity.
    public var at: ServerTime
    /// A new host token's hash, saved with the state (a handover); nil keeps the room's.
    public var newHostTokenHash: String?

    public init(
        code: String, state: RoomState, encoded: String, expectedSeq: Int, claim: ClaimRequirement, at: ServerTime, newHostTokenHash: String? = nil
    ) {
        self.newHostTokenHash = newHostTokenHash
        self.code = code
        self.state = state
        self.encoded = encoded
        self.expectedSeq = expectedSeq
        self.claim = claim
        self.at = at
    }
}
