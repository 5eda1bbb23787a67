import Crypto
import Logging
import Rooms
import SimulcastCore

/// Listeners' follows: the server keeps a listener's own Spotify app in sync with the room
/// after they close the page, claimed, leased and taken over like a hosted room.
extension SpotifyRoomHosting {
    public func followListener(room: String, request: ListenerFollowRequest) async throws -> ListenerFollowTicket {
        let login = try await redeem(request.authorization, room: room, forWhom: "listener")
        // One follow per Spotify account: the newest takes the account's device over.
        for other in try await store.listenerFollows() {
            guard let sealed = other.sealedCredential, let credential = try? ListenerCredential.open(sealed, with: key), credential.account == login.account
            else { continue }
            try await store.deleteListenerFollow(room: other.room, id: other.id)
            logger.notice("a listener's Spotify moved from one follow to another", metadata: ["from": "\(other.room)", "to": "\(room)"])
        }
        let credential = ListenerCredential(
            refreshToken: login.refreshToken, account: login.account, deviceId: request.deviceId, storefront: request.storefront, name: request.name)
        var random = SystemRandomNumberGenerator()
        let ticket = ListenerFollowTicket(
            id: SealedSecret.hex((0..<8).map { _ in UInt8.random(in: 0...255, using: &random) }), token: HostToken.generate(using: &random))
        try await store.saveListenerFollow(
            ListenerFollow(
                room: room, id: ticket.id, tokenHash: HostToken.hash(ticket.token), service: .spotify, sealedCredential: try credential.sealed(with: key)))
        logger.notice("a listener's Spotify app is followed from the server", metadata: ["room": "\(room)", "follow": "\(ticket.id)"])
        await reconcile()
        return ticket
    }

    public func listenerFollowStatus(room: String, id: String, token: String) async throws -> ListenerFollowStatus? {
        guard let follow = try await store.listenerFollow(room: room, id: id), HostToken.verify(token, against: follow.tokenHash) else { return nil }
        if follow.sealedCredential == nil { return .refused(follow.service) }
        return follow.follower == nil ? .starting(follow.service) : .following(follow.service)
    }

    public func stopFollowingListener(room: String, id: String, token: String) async throws -> Bool {
        guard try await listenerFollowStatus(room: room, id: id, token: token) != nil else { return false }
        try await store.deleteListenerFollow(room: room, id: id)
        logger.notice("a listener stopped the server's follow", metadata: ["room": "\(room)", "follow": "\(id)"])
        await reconcile()
        return true
    }
}
