import HostSources
import SimulcastCore
import Synchronization

/// The Spotify or Music app as its AppleScript answers show it, playing a `HostScript` (tracks,
/// pauses, seeks, skips), for the host source's benchmark and tests. Each question costs an
/// `osascript` start before the app reads its position and an answer's way back after, both
/// drawn from the given ranges, passed on the shared `SelfAdvancingClock`.
public final class SimulatedMacApp: AppleScriptRunner {
    struct State {
        var truth = HostPlayback()
        var nextStep = 0
        var random: SeededGenerator
        var questions = 0
    }

    public let app: MacMusicApp
    let clock: SelfAdvancingClock
    let steps: [(at: LocalTime, event: HostEvent)]
    let startupMs: ClosedRange<Double>
    let answerMs: ClosedRange<Double>
    private let state: Mutex<State>

    /// `tracks` of a seeded `HostScript`, started at the clock's zero.
    public init(app: MacMusicApp, tracks: Int, seed: UInt64, clock: SelfAdvancingClock, startupMs: ClosedRange<Double>, answerMs: ClosedRange<Double>) {
        self.app = app
        self.clock = clock
        self.startupMs = startupMs
        self.answerMs = answerMs
        var random = SeededGenerator(seed: seed)
        let script = HostScript(tracks: tracks, random: &random)
        steps = script.steps.compactMap { step in
            let at = LocalTime(micros: Int64(step.at * 1_000_000))
            // The app has its own queue; only what it plays is asked of it.
            guard step.event.event != .queue else { return nil }
            return (at, step.event.hostEvent(at: at))
        }
        state = Mutex(State(random: random))
    }

    /// When the app's music ends.
    public var endOfMusic: LocalTime { steps.last?.at ?? LocalTime(micros: 0) }

    /// Where the app truly is at `time` (what the room should say), or nil while it plays nothing.
    public func truth(at time: LocalTime) -> (trackId: String, positionMs: Double, playing: Bool)? {
        state.withLock { state in
            advance(&state, to: time)
            guard let track = state.truth.track else { return nil }
            return (track.id, state.truth.positionMs(at: time), state.truth.playing)
        }
    }

    public var questionsAsked: Int { state.withLock { $0.questions } }

    public func run(_ lines: [String]) async throws -> AppleScriptOutput {
        let (startup, answer) = state.withLock { state in
            state.questions += 1
            return (Double.random(in: startupMs, using: &state.random), Double.random(in: answerMs, using: &state.random))
        }
        try await clock.sleep(until: clock.now().advanced(byMilliseconds: startup))
        // A script that asks the app nothing (the source's start-up measure) only costs the run.
        guard lines.contains(where: { $0.contains("application") }) else {
            try await clock.sleep(until: clock.now().advanced(byMilliseconds: answer))
            return AppleScriptOutput(status: 0, standardOutput: "ok\n")
        }
        let line = state.withLock { state in
            advance(&state, to: clock.now())
            return answerLine(state.truth, at: clock.now())
        }
        try await clock.sleep(until: clock.now().advanced(byMilliseconds: answer))
        return AppleScriptOutput(status: 0, standardOutput: line + "\n")
    }

    private func advance(_ state: inout State, to time: LocalTime) {
        while state.nextStep < steps.count, steps[state.nextStep].at <= time {
            try? state.truth.apply(steps[state.nextStep].event)
            state.nextStep += 1
        }
    }

    /// The line the app's script prints, numbers written as AppleScript writes them.
    private func answerLine(_ truth: HostPlayback, at time: LocalTime) -> String {
        guard let track = truth.track else { return "stopped" }
        let separator = "\u{1F}"
        let identity = app == .spotify ? "spotify:track:\(track.id)" : track.id
        let duration = app == .spotify ? "\(track.durationMs ?? 0)" : String(Double(track.durationMs ?? 0) / 1000)
        let position = String(max(0, truth.positionMs(at: time)) / 1000)
        let fields = ["track", truth.playing ? "playing" : "paused", identity, track.title, track.artists.first ?? "", track.album ?? "", duration, position]
        return fields.joined(separator: separator)
    }
}
