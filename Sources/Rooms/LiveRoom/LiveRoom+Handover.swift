import Logging
import SimulcastCore

/// Handing the host role over: the host offers the room to one listener's connection, by its
/// `ListenerId` in presence (REST, host token); only that connection takes or declines it
/// (`handover.answer`), on whichever node it is connected to. A name is never the key: anyone
/// can type one.
/// Taking it gives the room a new host token (only its hash is kept, saved with the state in one
/// commit, so every node checks the new one from then on), clears the old host's claim (every
/// node closes the old host's connection) and sends the token to that listener's connection
/// alone (`handover.granted`). The old host's token no longer opens the room.
extension LiveRoom {
    /// The host offers the room to the listener connected as `listenerId`, who must be in the
    /// room (on any node) and on Apple Music; a newer offer replaces an older.
    package func offerHandover(to listenerId: String) async -> Result<HandoverOffer, HandoverRefusal> {
        let addressee: (name: String, service: MusicService)
        if let here = connections.listener(listenerId), let service = here.service {
            addressee = (here.name, service)
        } else if let there = await currentPresence().listeners.first(where: { $0.id == listenerId }) {
            addressee = (there.name, there.service)
        } else {
            return .failure(.notInRoom)
        }
        guard addressee.service == .appleMusic else { return .failure(.notOnAppleMusic(name: addressee.name)) }
        let offer = HandoverOffer(
            listener: listenerId, to: addressee.name, expiresAt: context.clock.serverClockNow().advanced(by: HandoverOffer.lifetime.inMicroseconds))
        let result = await commit(claim: .none) { state in
            var next = state
            next.handoverOffer = offer
            return next
        }
        if case .failed = result { return .failure(.notSaved) }
        return .success(offer)
    }

    /// The host withdraws an open offer. False when the store failed.
    package func withdrawHandover() async -> Bool {
        let result = await commit(claim: .none) { state in
            guard state.handoverOffer != nil else { return nil }
            var next = state
            next.handoverOffer = nil
            return next
        }
        if case .failed = result { return false }
        return true
    }

    func answerHandover(_ answer: Wire.HandoverAnswer, from id: Int) async -> Wire.Error? {
        guard let connection = connections[id], connection.role == .listener else {
            return Wire.Error(code: .forbidden, message: "only a listener the host offered the room to takes it")
        }
        guard let offer = state.handoverOffer, offer.listener == connection.listenerId, offer.expiresAt > context.clock.serverClockNow() else {
            return Wire.Error(code: .invalidState, message: "the host has not offered you the room, or the offer ended")
        }
        guard answer.accept else {
            await commit(claim: .none) { state in
                guard state.handoverOffer == offer else { return nil }
                var next = state
                next.handoverOffer = nil
                return next
            }
            return nil
        }
        guard connection.service == .appleMusic else {
            return Wire.Error(code: .forbidden, message: "a page takes the room over playing Apple Music; join with Apple Music to host")
        }
        var generator = SystemRandomNumberGenerator()
        let token = HostToken.generate(using: &generator)
        let result = await commitWithNewHostToken(HostToken.hash(token)) { state in
            guard state.handoverOffer == offer else { return nil }
            var next = state
            next.handoverOffer = nil
            next.hostConnected = false
            return next
        }
        switch result {
        case .committed:
            if let text = encoded(.handoverGranted(Wire.HandoverGranted(hostToken: token))) { connection.socket.send(controlText: text) }
            context.metrics.handedOver()
            context.logger.notice("the host handed the room to a listener", metadata: ["room": "\(code)"])
            return nil
        case .unchanged, .refused:
            return Wire.Error(code: .invalidState, message: "the offer changed meanwhile; ask the host again")
        case .failed:
            return Wire.Error(code: .internalError, message: "the room could not be saved; take it over again")
        }
    }

    private func commitWithNewHostToken(_ hash: String, _ change: (RoomState) -> RoomState?) async -> CommitResult {
        await enterWrite()
        defer { leaveWrite() }
        return await commitInTurn(claim: .clearing, newHostTokenHash: hash, change)
    }
}
