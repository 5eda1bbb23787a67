/// Where one listener stands, as the room shows it to everyone: from the room's match for the
/// listener's service and country, and the listener's own last report.
public enum PresenceStatus: String, Codable, Hashable, Sendable, CaseIterable {
    /// Playing the room's track within `InSync.thresholdMs` of the host.
    case inSync
    /// Playing or starting it, further off (a correction under way, a fresh join).
    case catchingUp
    /// The song is still being matched on this listener's service.
    case matching
    /// No match for this song on this listener's service (or not in their country).
    case noMatch
    /// Nothing to follow: the room is paused, stopped, or the listener paused for themselves.
    case idle

    public static func of(room: RoomState, service: MusicService, storefront: String, report: Wire.ListenerReport?) -> PresenceStatus {
        of(room: room, service: service, storefront: storefront, facts: report.map(ReportFacts.init))
    }

    /// The status from the facts of the listener's last report that it depends on.
    public static func of(room: RoomState, service: MusicService, storefront: String, facts: ReportFacts?) -> PresenceStatus {
        guard let track = room.track, room.playing else { return .idle }
        guard let match = track.match(for: service, storefront: storefront) else { return .matching }
        guard match.isMatched, let target = match.track else { return .noMatch }
        // No report yet, or still on another track: starting.
        guard let facts, facts.trackId == target.id else { return .catchingUp }
        // On the track and not playing while the room plays: paused for themselves.
        guard facts.playing else { return .idle }
        guard let inSync = facts.inSync else { return .catchingUp }
        return inSync ? .inSync : .catchingUp
    }
}
