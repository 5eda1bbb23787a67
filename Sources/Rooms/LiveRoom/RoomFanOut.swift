/// How one committed state reaches every peer of a room. The application's fan-out frames the
/// text once and hops once per event loop; `DirectFanOut` hands it to each peer in turn.
public protocol RoomFanOut: Sendable {
    func deliver(state text: String, to peers: [any RoomPeer])
    /// An in-order message for every peer (`room.presence`): its bytes made once, shared.
    func deliver(control text: String, to peers: [any RoomPeer])
}
