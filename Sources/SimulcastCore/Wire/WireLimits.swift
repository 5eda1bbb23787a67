/// What the server accepts from clients: sizes of the strings they send and ranges of the
/// numbers. Anything outside is refused with `invalid_state` (or `malformed_message`) and never
/// stored, so one client cannot grow a room's state, or overflow arithmetic, for everyone.
public struct WireLimits: Hashable, Sendable {
    /// Ids, ISRCs, UPCs, storefront-free identifiers.
    public var maximumIdBytes = 256
    /// Titles, album names, one artist's name.
    public var maximumTextBytes = 512
    public var maximumArtists = 16
    public var maximumURLBytes = 2048
    /// The `client` name in a hello.
    public var maximumClientNameBytes = 64
    /// Queued tracks a host may send; more than the room keeps is refused rather than trimmed
    /// only when it is absurd (`RoomState.maximumQueueLength` are kept).
    public var maximumQueueLength = 50
    /// Longest track or position: a day, in milliseconds.
    public var maximumPositionMs: Double = 86_400_000
    /// How far an anchor or a report's time may be from the server's clock.
    public var maximumClockDistance: Microseconds = 86_400_000_000
    /// A listener's own error estimate beyond this is nonsense (an hour).
    public var maximumSyncErrorMs: Double = 3_600_000

    public init() {}

    public static let standard = WireLimits()

    /// Why a listener's or host's hello is refused, or nil. `services` are the ones the
    /// server can serve listeners on.
    public func problem(with hello: Wire.Hello, services: Set<MusicService>) -> String? {
        if let client = hello.client, client.utf8.count > maximumClientNameBytes { return "client is longer than \(maximumClientNameBytes) bytes" }
        // A name the rules refuse does not refuse the hello: the room names the listener
        // "Listener N" and says why in its welcome (`LiveRoom.join`).
        if let token = hello.hostToken, token.utf8.count > maximumIdBytes { return "hostToken is too long" }
        if let storefront = hello.storefront, Storefront.normalise(storefront, for: hello.service) == nil {
            return "storefront must be a two-letter country code such as \"us\""
        }
        if hello.role == .listener {
            guard let service = hello.service else {
                return "a listener's hello must name its service (\(services.map(\.rawValue).sorted().joined(separator: ", ")))"
            }
            guard services.contains(service) else {
                return
                    "service \"\(String(service.rawValue.prefix(40)))\" is not one this server serves; use one of \(services.map(\.rawValue).sorted().joined(separator: ", "))"
            }
        }
        return nil
    }

    /// Why a host's snapshot is refused, or nil. `now` is the server's clock.
    public func problem(with snapshot: PlaybackSnapshot, now: ServerTime) -> String? {
        if let track = snapshot.track, let problem = problem(with: track, field: "track") { return problem }
        if let queue = snapshot.queue {
            if queue.count > maximumQueueLength { return "queue has \(queue.count) tracks; at most \(maximumQueueLength) are accepted" }
            for (index, track) in queue.enumerated() {
                if let problem = problem(with: track, field: "queue.\(index)") { return problem }
            }
        }
        if let intent = snapshot.intent, intent.rawValue.utf8.count > PlaybackIntent.maximumBytes {
            return "intent is longer than \(PlaybackIntent.maximumBytes) bytes"
        }
        let position = snapshot.anchor.positionMs
        if !position.isFinite || position < 0 || position > maximumPositionMs {
            return "anchor.positionMs must be between 0 and \(Int(maximumPositionMs)) (a day)"
        }
        if now.distance(to: snapshot.anchor.time).magnitude > maximumClockDistance {
            return "anchor.serverTime is more than a day away from the server clock; run clock sync first"
        }
        return problem(withOutputLatency: snapshot.outputLatencyMs)
    }

    /// Why a listener's report is refused, or nil.
    public func problem(with report: Wire.ListenerReport, now: ServerTime) -> String? {
        if let id = report.trackId, id.utf8.count > maximumIdBytes { return "trackId is longer than \(maximumIdBytes) bytes" }
        if !report.positionMs.isFinite || report.positionMs < 0 || report.positionMs > maximumPositionMs {
            return "positionMs must be between 0 and \(Int(maximumPositionMs))"
        }
        if let error = report.syncErrorMs, !error.isFinite || error.magnitude > maximumSyncErrorMs {
            return "syncErrorMs must be a finite number of milliseconds under an hour"
        }
        if now.distance(to: report.measuredAt).magnitude > maximumClockDistance {
            return "measuredAt is more than a day away from the server clock"
        }
        if let seq = report.seq, seq < 0 { return "seq must not be negative" }
        return problem(withOutputLatency: report.outputLatencyMs)
    }

    public func problem(with request: Wire.RequestSong) -> String? {
        if request.trackId.isEmpty || request.trackId.utf8.count > maximumIdBytes { return "trackId must be 1 to \(maximumIdBytes) bytes" }
        return nil
    }

    public func problem(with queued: Wire.RequestQueued) -> String? {
        if queued.id.utf8.count > maximumIdBytes { return "id is longer than \(maximumIdBytes) bytes" }
        if let reason = queued.reason, reason.utf8.count > maximumTextBytes { return "reason is longer than \(maximumTextBytes) bytes" }
        return nil
    }

    func problem(withOutputLatency latency: Double?) -> String? {
        guard let latency, !latency.isFinite || latency.magnitude > OutputLatency.limitMs else { return nil }
        return "outputLatencyMs must be a finite number of milliseconds between -\(Int(OutputLatency.limitMs)) and \(Int(OutputLatency.limitMs))"
    }

    func problem(with track: TrackMetadata, field: String) -> String? {
        if track.id.isEmpty || track.title.isEmpty { return "\(field) needs an id and a title" }
        if track.id.utf8.count > maximumIdBytes { return "\(field).id is longer than \(maximumIdBytes) bytes" }
        if track.service.rawValue.utf8.count > maximumIdBytes { return "\(field).service is too long" }
        for (name, value) in [("title", track.title), ("album", track.album ?? "")] where value.utf8.count > maximumTextBytes {
            return "\(field).\(name) is longer than \(maximumTextBytes) bytes"
        }
        if track.artists.count > maximumArtists { return "\(field) names more than \(maximumArtists) artists" }
        if track.artists.contains(where: { $0.utf8.count > maximumTextBytes }) { return "\(field).artists has a name longer than \(maximumTextBytes) bytes" }
        for (name, value) in [("isrc", track.isrc), ("albumUPC", track.albumUPC), ("releaseDate", track.releaseDate)] {
            if let value, value.utf8.count > maximumIdBytes { return "\(field).\(name) is longer than \(maximumIdBytes) bytes" }
        }
        if let url = track.artworkURL, url.utf8.count > maximumURLBytes { return "\(field).artworkURL is longer than \(maximumURLBytes) bytes" }
        if let duration = track.durationMs, duration <= 0 || Double(duration) > maximumPositionMs {
            return "\(field).durationMs must be positive and at most a day"
        }
        for (name, value) in [("trackNumber", track.trackNumber), ("discNumber", track.discNumber)] {
            if let value, value < 0 || value > 10_000 { return "\(field).\(name) is out of range" }
        }
        return nil
    }
}
