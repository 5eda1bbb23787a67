/// Turns what a poll revealed into the events a host publishes, each at the local time it
/// happened. Shared by every polled source (Spotify Web API, MPRIS).
public enum PollChangeEvents {
    /// `startedTrack`: the full metadata of the track a `.started` change names.
    public static func events(for change: PlayerPollChange, startedTrack: TrackMetadata?) -> [HostEvent] {
        switch change {
        case .started(_, let position, let playing, let at):
            guard let track = startedTrack else { return [] }
            var events = [HostEvent(.play, at: at, track: track, positionMs: position)]
            if !playing { events.append(HostEvent(.pause, at: at, positionMs: position)) }
            return events
        case .paused(let position, let at):
            return [HostEvent(.pause, at: at, positionMs: position)]
        case .resumed(let position, let at):
            return [HostEvent(.resume, at: at, positionMs: position)]
        case .seeked(let position, let at):
            return [HostEvent(.seek, at: at, positionMs: position)]
        case .reanchored(let position, let at):
            return [HostEvent(.reanchor, at: at, positionMs: position)]
        case .advert(let at):
            // Hold: listeners cannot hear the advert, and the next track starts afresh.
            return [HostEvent(.pause, at: at)]
        case .stopped(let at):
            return [HostEvent(.stop, at: at)]
        }
    }
}
