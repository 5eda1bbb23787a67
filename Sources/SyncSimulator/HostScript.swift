import Foundation
import SimulcastCore

/// What the simulated host does: tracks of 2.5 to 5 minutes, with pauses, seeks and skips,
/// each track start labelled with how the one before ended.
struct HostScript {
    enum Transition: String, Sendable {
        /// The session's first track.
        case first
        /// The track before played to its end: a change a listener can see coming.
        case naturalEnd
        /// The host skipped: nobody can predict it.
        case skip
    }

    struct Step {
        /// Seconds from the start of the music.
        var at: Double
        var event: PlaybackEvent
        /// Set on each track start.
        var transition: Transition?
    }

    var steps: [Step] = []

    init(tracks: Int, random: inout SeededGenerator) {
        var t = 0.0
        var transition = Transition.first
        let durations = (0..<tracks).map { _ in Double.random(in: 150...300, using: &random) }
        for index in 0..<tracks {
            let duration = durations[index]
            let track = Self.track(index, durationMs: Int(duration * 1000))
            steps.append(Step(at: t, event: PlaybackEvent(event: .play, track: track, positionMs: 0), transition: transition))
            // The host's player knows what comes next (Spotify's queue), and says so.
            if index + 1 < tracks {
                steps.append(Step(at: t, event: PlaybackEvent(event: .queue, queue: [Self.track(index + 1, durationMs: Int(durations[index + 1] * 1000))])))
            }
            var wall = duration
            let end = Double.random(in: 0..<1, using: &random) < 0.4 ? Double.random(in: 40...120, using: &random) : duration
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let at = Double.random(in: 10...min(30, end - 5), using: &random)
                let pause = Double.random(in: 2...8, using: &random)
                steps.append(Step(at: t + at, event: PlaybackEvent(event: .pause)))
                steps.append(Step(at: t + at + pause, event: PlaybackEvent(event: .resume)))
                t += pause
            }
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let at = Double.random(in: 32...min(38, end - 1), using: &random)
                let to = Double.random(in: 0...(duration - 60), using: &random)
                steps.append(Step(at: t + at, event: PlaybackEvent(event: .seek, positionMs: to * 1000)))
                wall = at + (duration - to)  // the seek moves the track's end
            }
            // The next track starts where this one ends, or where the host cuts it short.
            transition = wall <= end ? .naturalEnd : .skip
            t += max(5, min(end, wall))
        }
        steps.append(Step(at: t, event: PlaybackEvent(event: .stop)))
    }

    static func track(_ index: Int, durationMs: Int) -> TrackMetadata {
        TrackMetadata(
            service: .spotify, id: "t\(index)", title: "Track \(index)", artists: ["Artist"], album: "Album", durationMs: durationMs,
            isrc: "QZSIM" + String(format: "%07d", index))
    }

    /// The same track in the listeners' (Apple Music) catalog.
    static func appleTrack(_ track: TrackMetadata) -> TrackMetadata {
        var copy = track
        copy.service = .appleMusic
        copy.id = "am-" + track.id
        return copy
    }
}
