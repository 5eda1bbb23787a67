/// The host's player as a timeline: what plays and where, given the events so far. Pure;
/// the script source feeds it events with the host's clock readings.
public struct HostPlayback: Hashable, Sendable {
    public private(set) var track: TrackMetadata?
    public private(set) var playing = false
    /// Where the host stood at its last event, on its own clock.
    public private(set) var anchor = LocalAnchor(positionMs: 0, at: LocalTime(micros: 0))
    public private(set) var queue: [TrackMetadata] = []
    /// What the last event meant, for the next `host.state`.
    public private(set) var lastIntent: PlaybackIntent = .reanchor

    public init() {}

    /// Where the host is at `time`, capped at the track's end.
    public func positionMs(at time: LocalTime) -> Double {
        var position = anchor.position(at: time, playing: playing)
        if let duration = track?.durationMs { position = min(position, Double(duration)) }
        return max(0, position)
    }

    public enum ApplyError: Error, Hashable, Sendable, CustomStringConvertible {
        case needsTrack(HostEvent.Kind)
        case nothingPlaying(HostEvent.Kind)

        public var description: String {
            switch self {
            case .needsTrack(let kind): "\"\(kind.rawValue)\" needs a track (or a queued track to skip to)"
            case .nothingPlaying(let kind): "\"\(kind.rawValue)\" needs a track to be playing first"
            }
        }
    }

    public mutating func apply(_ event: HostEvent) throws(ApplyError) {
        let time = event.time
        let current = positionMs(at: time)
        var position = current
        switch event.kind {
        case .play, .skip:
            var next = event.track
            if next == nil, event.kind == .skip, !queue.isEmpty { next = queue.removeFirst() }
            guard let next else { throw .needsTrack(event.kind) }
            if let index = queue.firstIndex(where: { $0.id == next.id }) { queue.removeSubrange(...index) }
            track = next
            playing = true
            position = max(0, event.positionMs ?? 0)
        case .pause:
            guard track != nil else { throw .nothingPlaying(event.kind) }
            playing = false
            position = max(0, event.positionMs ?? current)
        case .resume:
            guard track != nil else { throw .nothingPlaying(event.kind) }
            playing = true
            position = max(0, event.positionMs ?? current)
        case .seek, .reanchor:
            guard track != nil else { throw .nothingPlaying(event.kind) }
            position = max(0, event.positionMs ?? current)
        case .queue:
            break
        case .stop:
            track = nil
            playing = false
            position = 0
        }
        if let newQueue = event.queue { queue = newQueue }
        anchor = LocalAnchor(positionMs: position, at: time)
        // A queue change leaves the timeline alone: the last action's meaning stands.
        if let intent = Self.intent(of: event.kind) { lastIntent = intent }
    }

    /// The `host.state` payload, with the anchor moved onto the server's clock. `intent`:
    /// the last event's meaning, or `.reanchor` for a heartbeat. The anchor says what the host
    /// hears: the player's position now reaches the host's ear `outputLatencyMs` later.
    public func snapshot(at time: LocalTime, serverTime: ServerTime, intent: PlaybackIntent? = nil, outputLatencyMs: Double = 0) -> PlaybackSnapshot {
        PlaybackSnapshot(
            track: track,
            playing: playing && track != nil,
            anchor: PlaybackAnchor(positionMs: positionMs(at: time), at: serverTime.advanced(byMilliseconds: outputLatencyMs)),
            queue: queue,
            intent: intent ?? lastIntent,
            outputLatencyMs: outputLatencyMs == 0 ? nil : outputLatencyMs
        )
    }

    /// What an event means on the timeline; nil for a queue change, which means nothing there.
    static func intent(of kind: HostEvent.Kind) -> PlaybackIntent? {
        switch kind {
        case .play, .skip: .play
        case .pause, .stop: .pause
        case .resume: .resume
        case .seek: .seek
        case .reanchor: .reanchor
        case .queue: nil
        }
    }
}
