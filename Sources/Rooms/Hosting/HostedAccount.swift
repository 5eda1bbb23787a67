import SimulcastCore

/// A room started from a browser: the server follows the host's own music account. The
/// credential is sealed (encrypted with the server's key) before it reaches the store, and
/// removed when the service refuses it; `generation` moves on with each new login, so a
/// follower of an older one stops.
public struct HostedAccount: Hashable, Sendable {
    public var room: String
    public var service: MusicService
    /// The sealed login; nil once the service refused it.
    public var sealedCredential: [UInt8]?
    public var generation: Int
    /// The live node following the room; nil when none is (not yet, or its node died).
    public var follower: String?

    /// The `follower` of a room whose host took hosting back from the server with its own
    /// connection: no node claims it.
    public static let replaced = "replaced"

    public var isReplaced: Bool { follower == Self.replaced }

    /// The id of the key that sealed the login (`SealedSecret`); nil when none is recorded.
    public var sealedKeyId: String? { sealedCredential.flatMap(SealedSecret.unwrap)?.keyId }

    public init(room: String, service: MusicService, sealedCredential: [UInt8]?, generation: Int, follower: String?) {
        self.room = room
        self.service = service
        self.sealedCredential = sealedCredential
        self.generation = generation
        self.follower = follower
    }
}
