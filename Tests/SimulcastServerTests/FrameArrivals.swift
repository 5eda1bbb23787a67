import SimulcastCore
import Synchronization

/// Frames as listeners received them, with when. Recording costs an append; each frame is
/// decoded at most once, when a test asks what it said.
final class FrameArrivals: Sendable {
    struct Frame {
        var listener: Int
        var at: ContinuousClock.Instant
        var text: String
        /// The room state's current track, once decoded (nil inside: not a state, or no track).
        var currentTrack: String??
    }

    private let frames = Mutex<[Frame]>([])

    func record(listener: Int, text: String) {
        let now = ContinuousClock.now
        frames.withLock { $0.append(Frame(listener: listener, at: now, text: text)) }
    }

    /// For each listener, when it first got a state whose current track is `trackId`, in [from, before).
    func firstArrivals(of trackId: String, from: ContinuousClock.Instant, before: ContinuousClock.Instant = .now) -> [ContinuousClock.Instant] {
        frames.withLock { frames in
            var first: [Int: ContinuousClock.Instant] = [:]
            for index in frames.indices where frames[index].at >= from && frames[index].at < before && first[frames[index].listener] == nil {
                if frames[index].currentTrack == nil {
                    let decoded = try? WireCodec().decode(frames[index].text)
                    if case .roomState(let state) = decoded {
                        frames[index].currentTrack = .some(state.track?.source.id)
                    } else {
                        frames[index].currentTrack = .some(nil)
                    }
                }
                if frames[index].currentTrack == .some(trackId) { first[frames[index].listener] = frames[index].at }
            }
            return Array(first.values)
        }
    }

    func listenersThatSaw(trackId: String, since: ContinuousClock.Instant) -> Int {
        firstArrivals(of: trackId, from: since).count
    }
}
