/// The authoritative state of a room, broadcast as `room.state`.
public struct RoomState: Hashable, Codable, Sendable {
    /// Increases by one with every change, so clients can drop stale or repeated states.
    public var seq: Int
    public var track: RoomTrack?
    public var anchor: PlaybackAnchor
    public var playing: Bool
    public var queue: [RoomTrack]
    public var hostConnected: Bool
    /// What the host meant by the state this one came from (see `PlaybackIntent`).
    public var intent: PlaybackIntent?
    /// The name the host chose to be shown by ("Listen along with Ana"), a `DisplayName`;
    /// nil when none was given.
    public var hostName: String?
    /// Whether listeners may ask for songs; nil: off (as in rooms from before requests).
    public var requestPolicy: RequestPolicy?
    /// Listeners' song requests, open ones and the last few finished (`SongRequestRules`);
    /// nil when there are none, so states without requests look as they always did.
    public var requests: [SongRequest]?
    /// The host offers the room to a listener; nil when no offer is open.
    public var handoverOffer: HandoverOffer?
    /// Versions listeners suggested for the room's song, for the host to take or leave
    /// (`SuggestionBox`); nil when there are none.
    public var suggestions: [MatchSuggestion]?

    public init(seq: Int, track: RoomTrack?, anchor: PlaybackAnchor, playing: Bool, queue: [RoomTrack] = [], hostConnected: Bool) {
        self.seq = seq
        self.track = track
        self.anchor = anchor
        self.playing = playing
        self.queue = queue
        self.hostConnected = hostConnected
    }

    /// A room nobody has played anything in yet.
    public static func empty(at serverTime: ServerTime, hostName: String? = nil) -> RoomState {
        var state = RoomState(seq: 0, track: nil, anchor: PlaybackAnchor(positionMs: 0, at: serverTime), playing: false, hostConnected: false)
        state.hostName = hostName
        return state
    }

    /// Where the room's track is at `serverTime`, clamped to the track's length when known
    /// (a host that went away leaves the track to finish, then the room holds).
    public func targetPositionMs(atServerTime serverTime: ServerTime) -> Double {
        let position = anchor.position(at: serverTime, playing: playing)
        if let duration = track?.source.durationMs { return min(position, Double(duration)) }
        return position
    }
}
