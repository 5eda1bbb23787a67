/// What the database decided about a `StateCommit`.
public enum CommitOutcome: Sendable {
    case committed
    /// Another commit got there first (or the claim no longer holds): the room as it is now.
    case conflict(StoredRoom)
    /// The room no longer exists.
    case missing
}
