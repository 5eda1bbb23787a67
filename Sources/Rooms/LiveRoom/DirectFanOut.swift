/// Each peer gets the state on its own: right for peers that cost nothing to reach (in-process).
public struct DirectFanOut: RoomFanOut {
    public init() {}

    public func deliver(state text: String, to peers: [any RoomPeer]) {
        for peer in peers { peer.send(state: text) }
    }

    public func deliver(control text: String, to peers: [any RoomPeer]) {
        for peer in peers { peer.send(controlText: text) }
    }
}
