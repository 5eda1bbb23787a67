import SimulcastCore

/// What a `RoomConnection` tells its owner.
public enum RoomConnectionEvent: Sendable {
    /// The server accepted our hello (also after every reconnect).
    case joined(Wire.Welcome)
    /// The first burst of clock samples after (re)connecting is in: server time is known.
    case clockSynchronised
    /// Clock sync saw our clock (or the server's) step and started afresh.
    case clockStepped
    case roomState(RoomState)
    /// Someone in the room reacted (`room.reaction`).
    case reaction(Wire.RoomReaction)
    case serverError(Wire.Error)
    case disconnected(reason: String)
}
