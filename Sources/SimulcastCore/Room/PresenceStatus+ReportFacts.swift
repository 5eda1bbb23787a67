extension PresenceStatus {
    /// What of a listener's report its status depends on. Reports that differ only in where
    /// the player is or when it was measured leave the room's presence as it was, so the room
    /// need not work it out again for them.
    public struct ReportFacts: Hashable, Sendable {
        public var trackId: String?
        public var playing: Bool
        /// Whether the listener's own estimate is within `InSync.thresholdMs`; nil: no estimate.
        public var inSync: Bool?

        public init(_ report: Wire.ListenerReport) {
            trackId = report.trackId
            playing = report.playing
            inSync = report.syncErrorMs.map { InSync.holds(errorMs: $0) }
        }
    }
}
