import SimulcastCore

/// What a room's presence on this node is worked out from: its connections as they stand
/// (`RoomConnectionTable.presenceVersion`) and the parts of its state presence shows (the song
/// with its matches, whether it plays, whether the host is there). Not the position: a host
/// sends that every second or so and no listener's status depends on it.
struct PresenceInputs {
    var connections: Int
    /// The state these were read from: the same sequence number, the same state.
    var seq: Int
    var track: RoomTrack?
    var playing: Bool
    var hostConnected: Bool

    init(connections: Int, state: RoomState) {
        self.connections = connections
        self.seq = state.seq
        self.track = state.track
        self.playing = state.playing
        self.hostConnected = state.hostConnected
    }

    /// Whether presence worked out from `other` would be the same. A tick of a room where
    /// nothing happened compares two numbers; the song is compared only when the state moved.
    func showTheSame(as other: PresenceInputs) -> Bool {
        guard connections == other.connections else { return false }
        if seq == other.seq { return true }
        return playing == other.playing && hostConnected == other.hostConnected && track == other.track
    }
}
