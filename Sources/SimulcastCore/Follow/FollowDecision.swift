/// What one reading of the player decided: the commands, and what the listener is told.
public struct FollowDecision: Hashable, Sendable {
    public var commands: [PlayerCommand]
    public var status: FollowStatus
    /// The measured error against the room (positive: ahead), in ms; nil when there is none to show.
    public var syncErrorMs: Double?

    public init(_ commands: [PlayerCommand] = [], status: FollowStatus, syncErrorMs: Double?) {
        self.commands = commands
        self.status = status
        self.syncErrorMs = syncErrorMs
    }
}
