import Logging
import SimulcastCore

/// Reactions: checked against the allowances, passed on to this node's connections and the
/// other nodes, never stored.
extension LiveRoom {
    /// A reaction from connection `id`: checked by `RoomReactions`, sent to this node's
    /// connections and announced to the other nodes. Never stored.
    func react(_ sent: Wire.SendReaction, from id: Int) async -> Wire.Error? {
        guard var connection = connections[id] else { return nil }
        let listener = connection.role == .host ? nil : (name: connection.name, address: connection.socket.address.ip)
        let decision = reactionBook.admit(sent.reaction, listener: listener, allowance: &connection.reactions, now: context.clock.now())
        connections[id] = connection
        return await passOn(decision)
    }

    /// A reaction from the host's page (`POST /v1/rooms/{code}/reactions`, host token checked).
    package func reactAsHost(_ name: String) async -> Wire.Error? {
        await passOn(reactionBook.admitFromHostPage(name, now: context.clock.now()))
    }

    private func passOn(_ decision: Result<Wire.RoomReaction, RoomReactions.Refusal>) async -> Wire.Error? {
        let passed: Wire.RoomReaction
        switch decision {
        case .failure(let refusal):
            if case .unknown = refusal {} else { context.metrics.limitHit(.reactionRate) }
            return refusal.wireError
        case .success(let reaction): passed = reaction
        }
        context.metrics.reactionPassedOn(passed.reaction)
        pass(passed)
        if context.sharedStore {
            do { try await context.store.publishReaction(passed, room: code, node: context.node) } catch {
                context.logger.notice("a reaction did not reach the other nodes", metadata: ["room": "\(code)", "error": "\(error)"])
            }
        }
        return nil
    }

    /// Sends a reaction to every connection on this node (one shared buffer, as presence).
    package func pass(_ reaction: Wire.RoomReaction) {
        reactionBook.remember(reaction, at: context.clock.serverClockNow())
        guard !connections.isEmpty else { return }
        guard let text = encoded(.roomReaction(reaction)) else { return }
        context.fanOut.deliver(control: text, to: connections.sockets)
    }
}
