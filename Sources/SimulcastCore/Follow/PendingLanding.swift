/// A command the player has been given but has not visibly carried out yet.
struct PendingLanding: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case start, seek }
    var kind: Kind
    var trackId: String
    var positionMs: Double
    var issuedAt: ServerTime
    /// For scheduled starts: when audio was asked to begin.
    var scheduledAt: ServerTime?

    /// When the command took effect, judged from the player's own position: audio that has
    /// moved past the requested position started `position - requested` ago.
    func landingTime(observation: ServerPlayerReading) -> ServerTime? {
        guard observation.trackId == trackId, observation.playing else { return nil }
        let progressed = observation.positionMs - positionMs
        guard progressed > 0 else { return nil }
        let landed = observation.time.advanced(byMilliseconds: -progressed)
        // A position far past what could have played since the command is the old audio still running.
        guard landed >= issuedAt else { return nil }
        return landed
    }
}
