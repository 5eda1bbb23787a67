import SimulcastCore

extension LiveRoom {
    /// What became of a `hello`.
    enum JoinOutcome {
        case joined(connectionId: Int)
        case refused(Wire.Error)
        /// The room was unloaded between lookup and join: look it up again.
        case retired
    }
}
