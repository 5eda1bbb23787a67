import Logging
import SimulcastCore
import Synchronization

/// The protocol side of one connection: turns decoded messages into calls on the hub and
/// its room, strictly in arrival order. Messages are queued from the event loop; a task
/// drains the queue only while there is something in it, so an idle connection costs no task.
package final class RoomSession: Sendable {
    package enum Item: Sendable {
        case message(WireMessage)
        case closed
    }

    struct Mailbox {
        var items: [Item] = []
        var draining = false
        var joined: (room: LiveRoom, id: Int)?
        /// Set once the socket is made; dropped when the connection ends (it refers back to us).
        var socket: (any RoomPeer)?
        var finished = false
    }

    let code: String
    let hub: RoomHub
    let metrics: ServerMetrics
    let logger: Logger
    let roomLookups: AddressRateLimiter?
    private let mailbox = Mutex(Mailbox())

    package init(code: String, hub: RoomHub, metrics: ServerMetrics, logger: Logger, roomLookups: AddressRateLimiter? = nil) {
        self.code = code
        self.hub = hub
        self.metrics = metrics
        self.logger = logger
        self.roomLookups = roomLookups
    }

    package func attach(_ socket: any RoomPeer) { mailbox.withLock { $0.socket = socket } }

    package func enqueue(_ item: Item) {
        let startDrain = mailbox.withLock { box -> Bool in
            guard !box.finished else { return false }
            box.items.append(item)
            if box.draining { return false }
            box.draining = true
            return true
        }
        if startDrain { Task { await self.drain() } }
    }

    private func drain() async {
        while true {
            let next = mailbox.withLock { box -> Item? in
                if box.items.isEmpty {
                    box.draining = false
                    return nil
                }
                return box.items.removeFirst()
            }
            guard let next else { return }
            await handle(next)
        }
    }

    /// One message or the end, in order (the drain task, or an in-process connection directly).
    package func handle(_ item: Item) async {
        let (socket, joined) = mailbox.withLock { ($0.socket, $0.joined) }
        guard let socket else { return }
        switch item {
        case .closed:
            mailbox.withLock {
                $0.finished = true
                $0.items.removeAll()
                $0.socket = nil
            }
            if let joined { await joined.room.leave(id: joined.id) }
        case .message(.hello(let hello)) where joined == nil:
            // Every join needs a lookup token, an unknown room spends one: guessing codes over
            // WebSocket is held to the REST routes' pace (it ran 400 times faster).
            if let roomLookups, !roomLookups.hasToken(socket.address.ip) {
                metrics.limitHit(.roomLookup)
                metrics.error(.rateLimited)
                socket.send(control: .error(.rateLimited, "too many lookups of unknown rooms from your address; try again later"))
                socket.close(code: Wire.ErrorCode.rateLimited.closeCode, reason: Wire.ErrorCode.rateLimited.rawValue)
                return
            }
            switch await hub.join(code: code, hello: hello, socket: socket) {
            case .success(let admitted):
                mailbox.withLock { $0.joined = admitted }
            case .failure(let error):
                if error.code == .roomNotFound { _ = roomLookups?.take(socket.address.ip) }
                metrics.error(error.code)
                socket.send(control: .error(error))
                socket.close(code: error.code.closeCode, reason: error.code.rawValue)
            }
        case .message(let message):
            guard let joined else {
                metrics.error(.helloRequired)
                socket.send(control: .error(.helloRequired, "say hello first: {\"type\":\"hello\",\"v\":1,\"role\":\"listener\",...}"))
                return
            }
            if let error = await joined.room.receive(message, from: joined.id) {
                metrics.error(error.code)
                socket.send(control: .error(error))
            }
        }
    }
}
