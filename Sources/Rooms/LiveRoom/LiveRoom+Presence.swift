import Logging
import Prometheus
import SimulcastCore

/// Presence: who is in the room across every node, published and sent once a second.
extension LiveRoom {
    /// A presence's size on the wire; one that cannot be encoded counts as too big, so it is trimmed.
    private static func presenceSize(_ codec: WireCodec) -> @Sendable (RoomPresence) -> Int {
        { presence in (try? codec.encode(.roomPresence(presence)))?.utf8.count ?? .max }
    }

    /// The room's presence across every node now: this node's share merged with the others'
    /// (read from a shared store), or alone.
    package func currentPresence() async -> RoomPresence {
        let share = NodePresence(members: connections.presenceMembers, room: stored.state, node: context.node)
        if let presence = await merged(with: share) { return presence }
        return NodePresence.merge([share], hostConnected: stored.state.hostConnected).within(encodedSize: Self.presenceSize(context.codec))
    }

    /// `share` with every other live node's (from a shared store), or alone; nil when the
    /// store could not be read.
    private func merged(with share: NodePresence) async -> RoomPresence? {
        let measure = Self.presenceSize(context.codec)
        guard context.sharedStore else { return NodePresence.merge([share], hostConnected: stored.state.hostConnected).within(encodedSize: measure) }
        guard let shares = try? await context.store.presence(room: code) else { return nil }
        return NodePresence.merge(shares, hostConnected: stored.state.hostConnected).within(encodedSize: measure)
    }

    /// Once a second (RoomHub.runPresence): publishes this node's share when it changed, and
    /// sends the merged presence to this node's connections when that changed. Listener
    /// reports only update their connection: the broadcast path pays nothing per report. This
    /// node's share is worked out again only when its connections or the room's state changed
    /// since the last tick; on one node that leaves a steady room with nothing to do, while a
    /// shared store's rows from the other nodes are still read each tick.
    package func presenceTick() async {
        let inputs = PresenceInputs(connections: connections.presenceVersion, state: stored.state)
        let share: NodePresence
        if let computed = computedShare, computed.inputs.showTheSame(as: inputs) {
            // Kept with the newer state's number, so the next tick compares no song.
            computedShare = (inputs, computed.share)
            guard context.sharedStore else { return }
            share = computed.share
        } else {
            context.metrics.presenceComputed.increment()
            share = NodePresence(members: connections.presenceMembers, room: stored.state, node: context.node)
            computedShare = (inputs, share)
        }
        if context.sharedStore, share != publishedPresence {
            do {
                try await context.store.publishPresence(share, room: code, node: context.node)
                publishedPresence = share
            } catch {
                context.logger.warning("cannot publish presence", metadata: ["room": "\(code)", "error": "\(error)"])
            }
        }
        // Nobody here to tell: no read of the other nodes' shares (a joiner gets the next tick's).
        guard !connections.isEmpty, let presence = await merged(with: share), presence != sentPresence?.presence else { return }
        guard let text = encoded(.roomPresence(presence)) else { return }
        sentPresence = (presence, text)
        context.metrics.presenceSent.increment()
        context.fanOut.deliver(control: text, to: connections.sockets)
    }

    package func summary() async -> RoomSummary {
        var summary = RoomSummary(
            code: code, createdAt: stored.createdAt, serverTime: context.clock.serverClockNow(), state: stored.state, listeners: connections.summaryListeners)
        summary.presence = await currentPresence()
        summary.reactions = reactionBook.recent(at: context.clock.serverClockNow())
        return summary
    }
}
