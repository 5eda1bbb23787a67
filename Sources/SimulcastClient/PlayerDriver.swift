import SimulcastCore

/// A player a listener controls: the simulated one, a printer, MPRIS, a browser page.
public protocol PlayerDriver: Sendable {
    func perform(_ command: PlayerCommand) async throws
    /// Reads where the player is now; must be cheap, it is called several times a second.
    func read() async -> PlayerReading
}
