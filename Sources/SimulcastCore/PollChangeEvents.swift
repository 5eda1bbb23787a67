/// Turns what a poll revealed into the playback events a host publishes, each with the
/// local time it happened. Shared by every polled source (Spotify Web API, MPRIS).
public enum PollChangeEvents {
    /// `startedTrack`: the full metadata of the track a `.started` change names.
    public static func events(for change: PlayerPollChange, startedTrack: TrackMetadata?) -> [(event: PlaybackEvent, at: LocalTime)] {
        switch change {
        case .started(_, let position, let playing, let at):
            guard let track = startedTrack else { return [] }
            var events = [(PlaybackEvent(event: .play, track: track, positionMs: position), at)]
            if !playing { events.append((PlaybackEvent(event: .pause, positionMs: position), at)) }
            return events
        case .paused(let position, let at):
            return [(PlaybackEvent(event: .pause, positionMs: position), at)]
        case .resumed(let position, let at):
            return [(PlaybackEvent(event: .resume, positionMs: position), at)]
        case .seeked(let position, let at):
            return [(PlaybackEvent(event: .seek, positionMs: position), at)]
        case .reanchored(let position, let at):
            return [(PlaybackEvent(event: .reanchor, positionMs: position), at)]
        case .advert(let at):
            // Hold: listeners cannot hear the advert, and the next track starts afresh.
            return [(PlaybackEvent(event: .pause), at)]
        case .stopped(let at):
            return [(PlaybackEvent(event: .stop), at)]
        }
    }
}
