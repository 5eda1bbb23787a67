import SimulcastCore

/// What a room's presence on this node is worked out from: its connections as they stand
/// (`RoomConnectionTable.presenceVersion`) and its state. Equal inputs, equal presence.
struct PresenceInputs: Equatable {
    var connections: Int
    var state: RoomState
}
