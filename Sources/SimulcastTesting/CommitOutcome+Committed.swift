import Rooms

extension CommitOutcome {
    /// Whether the store took the commit (for a test's `#expect`).
    public var isCommitted: Bool {
        if case .committed = self { return true }
        return false
    }
}
