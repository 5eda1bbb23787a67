import SimulcastCore

extension LiveRoom {
    /// One joined connection, as the room keeps it.
    struct Connection {
        var id: Int
        /// What presence and offers of the room name it by (`ListenerId`).
        var listenerId: String
        var role: ParticipantRole
        var service: MusicService?
        var storefront: String
        var socket: any RoomPeer
        var lastReport: Wire.ListenerReport?
        /// What Spotify said of the listener's account, once their page asked (`listener.spotify-access`).
        var spotifyListed: Bool?
        /// Where the listener takes a song their own service lacks (`listener.fallback`).
        var fallback: MusicService?
        /// A listener's name in the room's presence (theirs, or "Listener N").
        var name: String
        var joinedAt: ServerTime
        /// This connection's allowance of reactions.
        var reactions: TokenBucket

        var matchKey: ServiceMatchKey? { role == .listener ? service.map { ServiceMatchKey(service: $0, storefront: storefront) } : nil }
        /// The pair the room matches to for the listener's fallback, besides their own.
        var fallbackKey: ServiceMatchKey? {
            guard role == .listener, let fallback, fallback != service else { return nil }
            return ServiceMatchKey(service: fallback, storefront: storefront)
        }
        /// Every pair the room matches its songs to for this connection.
        var matchKeys: [ServiceMatchKey] { [matchKey, fallbackKey].compactMap(\.self) }
        var wireId: String { "c\(id)" }
    }
}
