import SimulcastCore

/// A listener who asked the server to keep their own player in sync with a room after they
/// close the page (their Spotify app, through Spotify Connect). The credential is sealed
/// before it reaches the store; the listener holds a token whose hash is kept, to read the
/// follow's status and stop it. A follow belongs to its room and goes with it.
public struct ListenerFollow: Hashable, Sendable {
    public var room: String
    /// Public, in the page's link to its follow; the token is what proves it is theirs.
    public var id: String
    public var tokenHash: String
    public var service: MusicService
    /// The sealed login; nil once the service refused it.
    public var sealedCredential: [UInt8]?
    /// The live node following for the listener; nil when none is (not yet, or its node died).
    public var follower: String?

    /// The id of the key that sealed the login (`SealedSecret`); nil when none is recorded.
    public var sealedKeyId: String? { sealedCredential.flatMap(SealedSecret.unwrap)?.keyId }

    public init(room: String, id: String, tokenHash: String, service: MusicService, sealedCredential: [UInt8]?, follower: String? = nil) {
        self.room = room
        self.id = id
        self.tokenHash = tokenHash
        self.service = service
        self.sealedCredential = sealedCredential
        self.follower = follower
    }
}
