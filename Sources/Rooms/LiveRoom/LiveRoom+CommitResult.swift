extension LiveRoom {
    /// What became of a change the room tried to commit.
    enum CommitResult {
        case committed
        /// The change had nothing to do on the latest state.
        case unchanged
        /// The claim it needed belongs to another connection now (a host replaced on another node).
        case refused
        /// The store could not be reached, or the room is gone; nothing was broadcast.
        case failed
    }
}
