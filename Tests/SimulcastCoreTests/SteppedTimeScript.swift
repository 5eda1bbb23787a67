import SimulcastCore

/// A scripted embedded player for `SteppedTimeReaderTests`: its true position, its state
/// over time, and posts of its time every 250 ms (from `postPhaseMs`); read every 100 ms.
struct SteppedTimeScript: Sendable {
    struct Recorded: Codable, Equatable {
        var name: String
        var steps: [Step]
    }

    struct Step: Codable, Equatable {
        struct Answer: Codable, Equatable {
            var playing: Bool
            var loading: Bool
            var waiting: Bool
            var positionMs: Double
        }
        /// "state", "load", "sought" or "read".
        var op: String
        /// Page ms.
        var at: Double
        var state: Int?
        var seconds: Double?
        var positionMs: Double?
        var truthMs: Double?
        var expect: Answer?
    }

    var name: String
    /// State changes (page ms, state) and a load or seek (page ms, from ms) at the start.
    var states: [(at: Double, state: SteppedTimeReader.State)]
    var moves: [(at: Double, fromMs: Double, isLoad: Bool)]
    /// The truth: the video's position at page time `at`.
    var truth: @Sendable (Double) -> Double
    var postPhaseMs = 90.0
    var endMs = 9_000.0
    /// While the state says playing but the time stands still (for the waiting test).
    var stillWindowMs: Range<Double>?

    func record() -> Recorded {
        let origin = LocalTime(micros: 1_000_000_000)
        func local(_ ms: Double) -> LocalTime { origin.advanced(by: Int64(ms * 1000)) }
        var reader = SteppedTimeReader(at: origin)
        var steps: [Step] = []
        var state = SteppedTimeReader.State.unstarted
        var pendingStates = states
        var pendingMoves = moves
        var at = 0.0
        while at <= endMs {
            if let move = pendingMoves.first, move.at <= at {
                pendingMoves.removeFirst()
                if move.isLoad {
                    reader.loaded(fromMs: move.fromMs, at: local(move.at))
                    steps.append(Step(op: "load", at: move.at, positionMs: move.fromMs))
                } else {
                    reader.sought()
                    steps.append(Step(op: "sought", at: move.at))
                }
            }
            while let change = pendingStates.first, change.at <= at {
                pendingStates.removeFirst()
                state = change.state
                reader.stateChanged(to: state, at: local(change.at))
                steps.append(Step(op: "state", at: change.at, state: state.rawValue))
            }
            // The last post by now: the position at that post.
            let post = at < postPhaseMs ? 0 : postPhaseMs + ((at - postPhaseMs) / 250).rounded(.down) * 250
            let seconds = (truth(post) / 1000 * 1000).rounded() / 1000
            let answer = reader.read(state: state, seconds: seconds, at: local(at))
            steps.append(
                Step(
                    op: "read", at: at, state: state.rawValue, seconds: seconds, truthMs: truth(at),
                    expect: .init(playing: answer.playing, loading: answer.loading, waiting: answer.waiting, positionMs: answer.positionMs)))
            at += 100
        }
        return Recorded(name: name, steps: steps)
    }

    /// Loaded from 30 s, buffering 400 ms, then playing.
    static let steady = SteppedTimeScript(
        name: "steady", states: [(0, .buffering), (400, .playing)], moves: [(0, 30_000, true)],
        truth: { $0 < 400 ? 30_000 : 30_000 + ($0 - 400) })

    /// A 5-second pre-roll: the state says playing from 500 ms, the time stands until 5.5 s.
    static let preRollAd = SteppedTimeScript(
        name: "pre-roll ad", states: [(0, .buffering), (500, .playing)], moves: [(0, 60_000, true)],
        truth: { $0 < 5_500 ? 60_000 : 60_000 + ($0 - 5_500) }, postPhaseMs: 30, endMs: 10_000, stillWindowMs: 500..<5_500)

    /// Playing, then the network stalls for 1.5 s with the state still playing.
    static let stall = SteppedTimeScript(
        name: "stall", states: [(0, .buffering), (300, .playing)], moves: [(0, 0, true)],
        truth: { $0 < 300 ? 0 : ($0 < 3_000 ? $0 - 300 : ($0 < 4_500 ? 2_700 : 2_700 + ($0 - 4_500))) }, postPhaseMs: 170, stillWindowMs: 3_000..<4_500)

    /// Playing from 10 s, then a seek to 100 s at 4.5 s that buffers 450 ms.
    static let seek = SteppedTimeScript(
        name: "seek", states: [(0, .buffering), (350, .playing), (4_500, .buffering), (4_950, .playing)],
        moves: [(0, 10_000, true), (4_500, 0, false)],
        truth: { $0 < 350 ? 10_000 : ($0 < 4_500 ? 10_000 + ($0 - 350) : ($0 < 4_950 ? 100_000 : 100_000 + ($0 - 4_950))) }, postPhaseMs: 60)

    /// Cued at 42 s, buffering, then paused: the time never moves.
    static let paused = SteppedTimeScript(
        name: "paused", states: [(0, .buffering), (600, .paused)], moves: [(0, 42_000, true)], truth: { _ in 42_000 }, endMs: 3_000)

    static let all = [steady, preRollAd, stall, seek, paused]
}
