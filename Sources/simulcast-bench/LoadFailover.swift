import NIOCore
import Synchronization

/// Where each room's host and listeners are connected across the nodes of a multi-node load
/// run, and how a peer whose node died finds another: after the same short, jittered pause
/// as `RoomConnection`, it connects to the next live node and says hello again.
final class LoadFailover: Sendable {
    struct State {
        var dead: Set<Int> = []
        var hostNode: [Int]
        var stopping = false
    }

    let group: any EventLoopGroup
    let ports: [Int]
    let rooms: [String]
    let recorder: LoadRecorder
    private let state: Mutex<State>

    init(group: any EventLoopGroup, ports: [Int], rooms: [String], recorder: LoadRecorder) {
        self.group = group
        self.ports = ports
        self.rooms = rooms
        self.recorder = recorder
        self.state = Mutex(State(hostNode: rooms.indices.map { $0 % ports.count }))
    }

    func hostNode(of room: Int) -> Int { state.withLock { $0.hostNode[room] } }

    func markDead(_ node: Int) { state.withLock { _ = $0.dead.insert(node) } }

    /// The run is over: peers closing now are not replaced.
    func stop() { state.withLock { $0.stopping = true } }

    /// The first live node after `node`.
    func next(after node: Int) -> Int {
        state.withLock { state in
            for step in 1...ports.count where !state.dead.contains((node + step) % ports.count) { return (node + step) % ports.count }
            return node
        }
    }

    func moveHost(of room: Int, to node: Int) { state.withLock { $0.hostNode[room] = node } }

    /// Tags for a listener of `room` on `node`; if the connection drops, it reconnects elsewhere.
    func listenerTags(room: Int, node: Int, recovering: Bool) -> LoadClient.Tags {
        var tags = LoadClient.Tags(room: room, crossNode: node != hostNode(of: room), recovering: recovering)
        tags.onClose = { [self] in self.listenerLost(room: room, node: node) }
        return tags
    }

    /// Only a dead node's listeners move: the benchmark closes others on purpose (churn, the end).
    private func listenerLost(room: Int, node: Int) {
        guard state.withLock({ $0.dead.contains(node) }) else { return }
        reconnect(room: room, after: node)
    }

    /// Connects to the live node after `node`; if that fails too, to the one after it.
    private func reconnect(room: Int, after node: Int) {
        guard !state.withLock({ $0.stopping }) else { return }
        let target = next(after: node)
        group.next().scheduleTask(in: .milliseconds(Int64.random(in: 200...300))) { [self] in
            LoadClient.connect(
                group: group, port: ports[target], room: rooms[room], role: .listener(slow: false), recorder: recorder,
                tags: listenerTags(room: room, node: target, recovering: true)
            )
            .whenFailure { _ in self.reconnect(room: room, after: target) }
        }
    }
}
