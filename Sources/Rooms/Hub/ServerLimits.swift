import Foundation
import SimulcastCore

/// Every resource a client can consume is bounded here; `simulcast serve` exposes each as a
/// flag. Defaults suit one public node; the load benchmark raises the per-address ones,
/// because all its clients share one loopback address.
public struct ServerLimits: Hashable, Sendable {
    /// Open TCP connections from one client address (trusted proxies are exempt).
    public var connectionsPerAddress = 256
    /// Open connections from one client network (an IPv4 /24, an IPv6 /48), so a few addresses
    /// side by side cannot hold the total either.
    public var connectionsPerNetwork = 1_024
    /// Open TCP connections in total; also kept below the process's descriptor limit.
    public var connections = 20_000
    /// Room creations per address: a burst, then one per `roomCreationInterval`.
    public var roomCreation = TokenBucket.Rate(burst: 20, perSecond: 1.0 / 30)
    /// Lookups that may miss (unknown room codes) per address; every lookup needs a token,
    /// only a miss spends one, so a guesser is slowed and a real user is not.
    public var roomLookupMisses = TokenBucket.Rate(burst: 30, perSecond: 1)
    /// Logins handed to the server for hosting (`POST /v1/rooms/{code}/hosting`), per address
    /// and per room: each costs a request to Spotify's accounts service, under the server's
    /// one client id, so a loop of them must not reach Spotify.
    public var hostingLogins = TokenBucket.Rate(burst: 5, perSecond: 1.0 / 60)
    public var hostingLoginsPerRoom = TokenBucket.Rate(burst: 3, perSecond: 1.0 / 60)
    /// Listener follows started in one room (`POST /v1/rooms/{code}/follows`, no token): their
    /// own allowance, so a stranger's failed follows never spend the host's logins.
    public var followLoginsPerRoom = TokenBucket.Rate(burst: 10, perSecond: 1.0 / 30)
    /// "Other versions" lookups per address (`GET /v1/rooms/{code}/versions`): each runs every
    /// catalog search the matcher would, so a listener gets a few, a loop does not reach the catalogs.
    public var versionLookups = TokenBucket.Rate(burst: 6, perSecond: 1.0 / 10)
    /// Suggested versions per address (a correction without the host token): each runs the
    /// matcher's lookups to check the target, and each is a commit the host's page receives.
    public var suggestions = TokenBucket.Rate(burst: 5, perSecond: 1.0 / 30)
    /// History pages per address (`GET /v1/rooms/{code}/history`): a page is a database read of
    /// up to 100 songs, so a page opened and a few earlier ones pass, a loop of readers does not.
    public var historyReads = TokenBucket.Rate(burst: 4, perSecond: 1)
    /// MusicKit developer tokens minted per address.
    public var tokenMinting = TokenBucket.Rate(burst: 10, perSecond: 0.1)
    /// Messages per WebSocket connection: a host's burst (a skip sends several) passes, a flood does not.
    public var messages = TokenBucket.Rate(burst: 60, perSecond: 20)
    /// `host.state`s one room takes across every connection of its host: reconnecting does not
    /// buy a fresh allowance (one client opened 292 host connections in 20 s and committed 34
    /// times the per-connection rate).
    public var hostStatesPerRoom = TokenBucket.Rate(burst: 60, perSecond: 20)
    /// Host connections one room accepts, counted once the token is checked (so strangers
    /// cannot spend them): a host on a flaky network reconnects a few times a minute.
    public var hostJoinsPerRoom = TokenBucket.Rate(burst: 10, perSecond: 0.2)
    /// Reactions one connection may send, and one room may pass on (across reconnects and
    /// connections, so reconnecting does not renew the allowance).
    public var reactionsPerConnection = TokenBucket.Rate(burst: 5, perSecond: 1)
    /// Reactions from one address (an IPv6 /64) across all its connections: a household
    /// shares it; reconnecting or opening more connections does not renew it.
    public var reactionsPerSender = TokenBucket.Rate(burst: 10, perSecond: 3)
    public var reactionsPerRoom = TokenBucket.Rate(burst: 30, perSecond: 10)
    /// Song requests from one address (an IPv6 /64) in one room: each looks the song up in two
    /// catalogs. Kept by the room, so reconnecting or a new name does not renew it.
    public var songRequestsPerListener = TokenBucket.Rate(burst: 3, perSecond: 1.0 / 20)
    /// +1s from one address in one room: cheap, but each is a commit every listener receives.
    public var requestSupportsPerListener = TokenBucket.Rate(burst: 10, perSecond: 1.0 / 5)
    /// Song requests a room holds (open per listener and per room, finished ones kept).
    public var songRequests = SongRequestRules.standard
    /// Catalog searches per address for song requests (`GET /v1/rooms/{code}/search`).
    public var requestSearches = TokenBucket.Rate(burst: 20, perSecond: 1.0 / 2)
    /// Refused messages in a row after which a flooding connection is closed (4429).
    public var floodStrikes = 200
    /// Listeners in one room.
    public var listenersPerRoom = 20_000
    /// Distinct (service, storefront) pairs a room keeps matches for.
    public var matchPairsPerRoom = 24
    /// Request line plus headers, in bytes (larger: 400 and closed).
    public var headerBytes = 16 * 1024
    /// A new connection must deliver its request headers within this time (slowloris).
    public var headerTimeout: Duration = .seconds(10)
    /// An HTTP keep-alive connection with no request for this long is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// A WebSocket peer that sends nothing (not even a pong) for this long is closed (4408).
    public var webSocketIdleTimeout: Duration = .seconds(90)
    /// A listener whose socket has not drained for this long is closed (4408): it would
    /// otherwise hold memory for states it is not reading.
    public var drainTimeout: Duration = .seconds(30)
    /// Protocol message size; larger ones get `message_too_large`.
    public var messageBytes = 64 * 1024
    /// WebSocket frame (or fragmented message) size; larger ones close the connection with 1009.
    public var frameBytes = 1024 * 1024
    /// Limits on what clients claim (ids, titles, positions, times).
    public var wire = WireLimits.standard
    /// Six-character room codes (from earlier versions) stop working at this time: 31^6 codes
    /// are few enough to guess. Until then the host and listeners are told when they join.
    /// 2027-01-01T00:00:00Z by default (`serve --legacy-room-codes-until`).
    public var legacyRoomCodesUntil = ServerTime(micros: 1_798_761_600_000_000)

    /// The day six-character codes stop working, as people read it (`2027-01-01`, UTC).
    var legacyRoomCodesDay: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date(timeIntervalSince1970: Double(legacyRoomCodesUntil.micros) / 1e6))
    }
    /// One match lookup, every request and retry to the service and their bodies included: a
    /// service that hangs or trickles costs this, then the match is `unavailable` (asked again
    /// later), instead of holding the track for minutes.
    public var matchLookupDeadline: Duration = .seconds(10)

    public init() {}
}
