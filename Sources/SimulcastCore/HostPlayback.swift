/// The host's player as a timeline: what plays and where, given the events so far. Pure;
/// the script source feeds it events with the host's clock readings.
public struct HostPlayback: Hashable, Sendable {
    public private(set) var track: TrackMetadata?
    public private(set) var playing = false
    /// Position at `anchorTime` (host clock, microseconds).
    public private(set) var anchorPositionMs: Double = 0
    public private(set) var anchorTime: Int64 = 0
    public private(set) var queue: [TrackMetadata] = []
    /// What the last event meant, for the next `host.state`.
    public private(set) var lastIntent: PlaybackIntent = .reanchor

    public init() {}

    /// Where the host is at `time`, capped at the track's end.
    public func positionMs(at time: Int64) -> Double {
        var position = PlaybackPosition.after(anchorPositionMs, elapsedMicros: time - anchorTime, playing: playing)
        if let duration = track?.durationMs { position = min(position, Double(duration)) }
        return max(0, position)
    }

    public enum ApplyError: Error, Hashable, Sendable, CustomStringConvertible {
        case needsTrack(PlaybackEvent.Kind)
        case nothingPlaying(PlaybackEvent.Kind)

        public var description: String {
            switch self {
            case .needsTrack(let kind): "\"\(kind.rawValue)\" needs a track (or a queued track to skip to)"
            case .nothingPlaying(let kind): "\"\(kind.rawValue)\" needs a track to be playing first"
            }
        }
    }

    public mutating func apply(_ event: PlaybackEvent, at time: Int64) throws(ApplyError) {
        let current = positionMs(at: time)
        switch event.event {
        case .play, .skip:
            var next = event.track
            if next == nil, event.event == .skip, !queue.isEmpty { next = queue.removeFirst() }
            guard let next else { throw .needsTrack(event.event) }
            if let index = queue.firstIndex(where: { $0.id == next.id }) { queue.removeSubrange(...index) }
            track = next
            playing = true
            anchorPositionMs = max(0, event.positionMs ?? 0)
        case .pause:
            guard track != nil else { throw .nothingPlaying(event.event) }
            playing = false
            anchorPositionMs = max(0, event.positionMs ?? current)
        case .resume:
            guard track != nil else { throw .nothingPlaying(event.event) }
            playing = true
            anchorPositionMs = max(0, event.positionMs ?? current)
        case .seek, .reanchor:
            guard track != nil else { throw .nothingPlaying(event.event) }
            anchorPositionMs = max(0, event.positionMs ?? current)
        case .queue:
            anchorPositionMs = current
        case .stop:
            track = nil
            playing = false
            anchorPositionMs = 0
        }
        if let newQueue = event.queue { queue = newQueue }
        anchorTime = time
        lastIntent = Self.intent(of: event.event)
    }

    /// The `host.state` payload, with the anchor moved onto the server's clock. `intent`:
    /// the last event's meaning, or `.reanchor` for a heartbeat.
    public func snapshot(at time: Int64, serverTime: Int64, intent: PlaybackIntent? = nil) -> PlaybackSnapshot {
        PlaybackSnapshot(
            track: track,
            playing: playing && track != nil,
            anchor: PlaybackAnchor(positionMs: positionMs(at: time), serverTime: serverTime),
            queue: queue,
            intent: intent ?? lastIntent
        )
    }

    static func intent(of kind: PlaybackEvent.Kind) -> PlaybackIntent {
        switch kind {
        case .play, .skip: .play
        case .pause, .stop: .pause
        case .resume: .resume
        case .seek: .seek
        case .reanchor, .queue: .reanchor
        }
    }
}
