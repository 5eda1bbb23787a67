import Rooms
import SimulcastCore

/// A login a node follows someone's player with: a hosted room's host (their player
/// publishes to the room) or a listener's follow (their player follows the room). Both are
/// claimed, leased, given up and taken over the same way.
struct FollowedLogin: Sendable {
    enum Subject: Hashable, Sendable {
        /// `generation` moves on with each new login, so a follower of an older one stops.
        case host(room: String, generation: Int)
        case listener(room: String, id: String)

        var isHost: Bool {
            if case .host = self { true } else { false }
        }
    }

    var subject: Subject
    var service: MusicService
    /// Nil once the service refused it.
    var sealed: [UInt8]?
    /// The live node following it; nil when none does. A host who took hosting back is never
    /// followed (`HostedAccount.replaced`).
    var follower: String?

    /// What a node's followers are keyed by: one follower per room's host and per listener
    /// follow, whatever the generation.
    var key: String {
        switch subject {
        case .host(let room, _): "host \(room)"
        case .listener(let room, let id): "listener \(room) \(id)"
        }
    }

    var isHost: Bool { subject.isHost }

    var room: String {
        switch subject {
        case .host(let room, _), .listener(let room, _): room
        }
    }

    /// How the logs name it: the room, and a listener follow's id (never a token).
    var described: String {
        switch subject {
        case .host(let room, _): "the hosted room \(room)"
        case .listener(let room, let id): "listener follow \(id) in \(room)"
        }
    }

    var sealedKeyId: String? { sealed.flatMap(SealedSecret.unwrap)?.keyId }

    init(_ account: HostedAccount) {
        subject = .host(room: account.room, generation: account.generation)
        service = account.service
        sealed = account.sealedCredential
        follower = account.follower
    }

    init(_ follow: ListenerFollow) {
        subject = .listener(room: follow.room, id: follow.id)
        service = follow.service
        sealed = follow.sealedCredential
        follower = follow.follower
    }
}
