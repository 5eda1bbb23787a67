/// A song a listener asked the host to play, as everyone in the room sees it in `room.state`:
/// the song on the listener's own service, its match on the host's service (nil: not there),
/// who asked, who backed it, and where it stands. Names and titles are text, never markup.
public struct SongRequest: Hashable, Codable, Sendable {
    public enum Status: String, Hashable, Codable, Sendable, CaseIterable {
        /// Waiting for the host.
        case pending
        /// The host said yes; the host's player has not taken it yet.
        case accepted
        /// In the host's own queue.
        case queued
        /// The host said no.
        case declined
        /// Not on the host's service (or not in its country): shown, never queued.
        case unplayable
        /// The host's player would not take it (`note` says why).
        case failed
        /// The host's player reached it.
        case played
        /// Still open `SongRequestRules.openLifetime` after it was asked for.
        case expired

        /// Still waiting on the host or the host's player: counts against the limits.
        public var isOpen: Bool { self == .pending || self == .accepted || self == .queued }
    }

    public var id: String
    /// The song as the listener found it on their service.
    public var asked: TrackMetadata
    /// The matcher's pick on the host's service; nil when it has none.
    public var match: TrackMetadata?
    /// Why there is no match, or why the host's player refused it; absent otherwise.
    public var note: String?
    /// The requester's name in the room's presence.
    public var requestedBy: String
    /// Others who asked for the same song (their names), oldest first.
    public var supporters: [String]
    public var status: Status
    public var requestedAt: ServerTime

    public init(
        id: String, asked: TrackMetadata, match: TrackMetadata?, note: String? = nil, requestedBy: String, supporters: [String] = [], status: Status,
        requestedAt: ServerTime
    ) {
        self.id = id
        self.asked = asked
        self.match = match
        self.note = note
        self.requestedBy = requestedBy
        self.supporters = supporters
        self.status = status
        self.requestedAt = requestedAt
    }

    /// Whether `name` asked for it or backed it.
    public func isWanted(by name: String) -> Bool { requestedBy == name || supporters.contains(name) }

    /// The same song as `other`: the same match on the host's service, or (with none) the same
    /// song asked on the same service.
    func isSameSong(as track: TrackMetadata, match: TrackMetadata?) -> Bool {
        if let match, let mine = self.match { return mine.service == match.service && mine.id == match.id }
        return asked.service == track.service && asked.id == track.id
    }
}
