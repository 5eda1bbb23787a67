/// One song the room played: when it started, the host's original, and its match on each
/// service and storefront the room's listeners used (the matched track only: the reasons and
/// candidates stay with the match cache). Kept with the room, the newest 500.
public struct RoomHistoryEntry: Hashable, Codable, Sendable {
    /// A listener service's match of the song, or nil where it had none.
    public struct Match: Hashable, Codable, Sendable {
        public var service: MusicService
        public var storefront: String
        public var track: TrackMetadata?

        public init(service: MusicService, storefront: String, track: TrackMetadata?) {
            self.service = service
            self.storefront = storefront
            self.track = track
        }
    }

    public var startedAt: ServerTime
    public var source: TrackMetadata
    public var matches: [Match]
    /// Who asked for it, when a listener's request put it in the host's queue.
    public var requestedBy: String?

    /// The songs a room keeps.
    public static let limit = 500
    /// What one song may weigh, encoded: the host's track (its text is bounded by `WireLimits`)
    /// and the matches that fit. A room's history is thus at most `limit` × this (2 MiB).
    public static let maximumBytes = 4 * 1024

    public init(startedAt: ServerTime, source: TrackMetadata, matches: [Match] = [], requestedBy: String? = nil) {
        self.startedAt = startedAt
        self.source = source
        self.matches = matches
        self.requestedBy = requestedBy
    }

    /// This song within `maximumBytes`: matches dropped from the last until it fits, then the
    /// host's artwork and album. `size` measures an entry encoded.
    public func bounded(size: (RoomHistoryEntry) -> Int) -> RoomHistoryEntry {
        var kept = self
        while size(kept) > Self.maximumBytes, !kept.matches.isEmpty { kept.matches.removeLast(max(1, kept.matches.count / 4)) }
        if size(kept) > Self.maximumBytes {
            kept.source.artworkURL = nil
            kept.source.album = nil
        }
        return kept
    }

    /// The matches a room's track has, slimmed to what history keeps.
    public static func matches(of track: RoomTrack) -> [Match] {
        track.matches.map { Match(service: $0.service, storefront: $0.storefront, track: $0.result.isMatched ? $0.result.track : nil) }
    }

    /// The song on `service` in `storefront`: the source itself on its own service, else its match.
    public func track(on service: MusicService, storefront: String) -> TrackMetadata? {
        if source.service == service { return source }
        return matches.first { $0.service == service && $0.storefront == storefront }?.track
    }
}
