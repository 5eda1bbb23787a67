import SimulcastCore

/// What a room's presence on this node is worked out from: its connections as they stand
/// (`RoomConnectionTable.presenceVersion`) and the parts of its state presence shows (the song
/// with its matches, whether it plays, whether the host is there). Not the position: a host
/// sends that every second or so and no listener's status depends on it. Equal inputs, equal
/// presence.
struct PresenceInputs: Equatable {
    var connections: Int
    var track: RoomTrack?
    var playing: Bool
    var hostConnected: Bool

    init(connections: Int, state: RoomState) {
        self.connections = connections
        self.track = state.track
        self.playing = state.playing
        self.hostConnected = state.hostConnected
    }
}
