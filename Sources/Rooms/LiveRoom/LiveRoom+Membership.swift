import Logging
import Prometheus
import SimulcastCore

/// Membership: joining (the host's claim, the limits, the welcome), leaving, a replaced host,
/// retiring an idle room and closing every connection at shutdown.
extension LiveRoom {
    func join(hello: Wire.Hello, id: Int, socket: any RoomPeer) async -> JoinOutcome {
        guard !retired else { return .retired }
        let admitted: RoomAdmission.Admitted
        switch admission.admit(
            hello, id: id, hostTokenHash: stored.hostTokenHash, listeners: connections.listenerCount,
            isNameTaken: { self.connections.hasName($0) || self.presentNames.contains($0) }, pairs: matchUpkeep,
            now: context.clock.now())
        {
        case .success(let admission): admitted = admission
        case .failure(let refused):
            if let limit = refused.limit { context.metrics.limitHit(limit) }
            return .refused(refused.error)
        }
        var generator = SystemRandomNumberGenerator()
        let connection = Connection(
            id: id, listenerId: ListenerId.generate(using: &generator), role: hello.role, service: hello.service, storefront: admitted.storefront,
            socket: socket, name: admitted.name,
            joinedAt: context.clock.serverClockNow(), reactions: TokenBucket(rate: context.limits.reactionsPerConnection, now: context.clock.now()))
        if hello.role == .host {
            // Two hosts must never interleave: the newer connection claims the room in the
            // database, whichever node it is on; the older one is told why and closed.
            if let previous = hostId { dropReplacedHost(previous, by: "c\(id)") }
            let claim = HostClaim(node: context.node, connection: id)
            let taken = await commit(claim: .taking(claim)) { state in
                var next = state
                next.hostConnected = true
                // A host that says who it is names the room; one that does not keeps the name it had.
                if let name = admitted.chosenName { next.hostName = name }
                return next
            }
            guard taken == .committed, !retired else {
                return .refused(Wire.Error(code: .internalError, message: "the room's host could not be recorded; try again"))
            }
            hostId = id
        }
        add(connection)
        idleSince = nil
        context.metrics.connections(hello.role).increment()
        context.logger.info(
            "joined", metadata: ["room": "\(code)", "connection": "c\(id)", "role": "\(hello.role.rawValue)", "service": "\(hello.service?.rawValue ?? "-")"])
        socket.send(
            control: .welcome(
                Wire.Welcome(
                    role: hello.role, room: code, connectionId: "c\(id)", serverTime: context.clock.serverClockNow(), notice: admitted.notice,
                    name: hello.role == .listener ? admitted.name : nil, listenerId: hello.role == .listener ? connection.listenerId : nil)))
        let seenBefore = stored.state.seq
        if let key = connection.matchKey {
            // The newcomer's own corrections are in the state it is about to receive.
            await commit(claim: .none) { state in
                let corrected = self.matchUpkeep.applyingCorrections(to: state)
                return corrected == state ? nil : corrected
            }
            startMatching(for: [key])
        }
        // A commit since it was added reached it by broadcast; otherwise it gets the state now.
        if stored.state.seq == seenBefore || hello.role == .host {
            if let text = stateText() { socket.send(state: text) }
        }
        // Who is here, as of the last presence tick (the next one counts the newcomer).
        if let presence = sentPresence { socket.send(controlText: presence.text) }
        return .joined(connectionId: id)
    }

    func dropReplacedHost(_ id: Int, by newer: String) {
        if hostId == id { hostId = nil }
        guard let old = remove(id) else { return }
        context.metrics.connections(.host).decrement()
        old.socket.send(control: WireMessage.error(.hostReplaced, "another connection with this room's host token took over"))
        old.socket.close(code: 4409, reason: "host replaced")
        context.logger.notice("host replaced", metadata: ["room": "\(code)", "old": "\(old.wireId)", "new": "\(newer)"])
    }

    func leave(id: Int) async {
        guard let connection = remove(id) else { return }
        context.metrics.connections(connection.role).decrement()
        context.logger.info("left", metadata: ["room": "\(code)", "connection": "\(connection.wireId)"])
        if connection.role == .host, let claim = hostClaim, claim.connection == id {
            hostId = nil
            // Listeners let the current track finish and then hold (unless another connection took over meanwhile).
            await commit(claim: .releasing(claim)) { state in
                var next = state
                next.hostConnected = false
                return next
            }
        }
        if connections.isEmpty {
            idleSince = context.clock.now()
            try? await context.store.touchRoom(code: code, at: context.clock.serverClockNow())
            context.roomEmptied()
        }
    }

    /// Marks the room retired if nobody has been connected for `idleFor`; the hub then drops it.
    func retireIfIdle(for idleFor: Duration) -> Bool {
        guard connections.isEmpty, let idleSince, idleSince.distance(to: context.clock.now()) >= idleFor.inMicroseconds else { return false }
        retired = true
        return true
    }

    /// Closes every connection: server shutdown. Clients reconnect to whoever serves next.
    func closeAll(code closeCode: UInt16, reason: String) {
        retired = true
        for connection in connections.all {
            connection.socket.send(control: WireMessage.error(.shuttingDown, "the server is shutting down; reconnect"))
            connection.socket.close(code: closeCode, reason: reason)
        }
    }
}
