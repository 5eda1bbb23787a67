/// How one committed state reaches every peer of a room. The application's fan-out frames the
/// text once and hops once per event loop; `DirectFanOut` hands it to each peer in turn.
public protocol RoomFanOut: Sendable {
    func deliver(state text: String, to peers: [any RoomPeer])
}
