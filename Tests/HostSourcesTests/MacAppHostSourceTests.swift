import HostSources
import Logging
import SimulcastCore
import SyncSimulator
import Synchronization
import Testing

/// The Mac app source's change detection in virtual time: an app that plays a timeline of
/// states answers each question as the real script would, `startupMs` after it was asked.
@Suite struct MacAppHostSourceTests {
    enum AppState: Sendable {
        case notRunning
        case playing(id: String, fromMs: Double)
        case paused(id: String, atMs: Double)
    }

    /// The app: a state from each time on (seconds), answering 40 ms after the question
    /// (one answer can be made late) and 3 ms before the answer arrives.
    final class TimelineApp: AppleScriptRunner {
        let timeline: [(at: Double, state: AppState)]
        let clock: SelfAdvancingClock
        let lateAnswers: Set<Int>
        let asked = Mutex(0)

        init(_ timeline: [(at: Double, state: AppState)], clock: SelfAdvancingClock, lateAnswers: Set<Int> = []) {
            self.timeline = timeline
            self.clock = clock
            self.lateAnswers = lateAnswers
        }

        func truth(at seconds: Double) -> (id: String, positionMs: Double, playing: Bool)? {
            guard let (from, state) = timeline.last(where: { $0.at <= seconds }) else { return nil }
            switch state {
            case .notRunning: return nil
            case .playing(let id, let fromMs): return (id, fromMs + (seconds - from) * 1000, true)
            case .paused(let id, let atMs): return (id, atMs, false)
            }
        }

        func run(_ lines: [String]) async throws -> AppleScriptOutput {
            // The source's start-up measure asks the app nothing.
            guard lines.contains(where: { $0.contains("application") }) else {
                try await clock.sleep(until: clock.now().advanced(byMilliseconds: 43))
                return AppleScriptOutput(status: 0, standardOutput: "ok\n")
            }
            let question = asked.withLock { count in
                count += 1
                return count
            }
            try await clock.sleep(until: clock.now().advanced(byMilliseconds: lateAnswers.contains(question) ? 900 : 40))
            let seconds = Double(clock.now().micros) / 1_000_000
            let line: String
            if let (id, position, playing) = truth(at: seconds) {
                line = ["track", playing ? "playing" : "paused", "spotify:track:\(id)", "Song \(id)", "Artist", "Album", "200000", String(position / 1000)]
                    .joined(separator: "\u{1F}")
            } else {
                line = "not running"
            }
            try await clock.sleep(until: clock.now().advanced(byMilliseconds: 3))
            return AppleScriptOutput(status: 0, standardOutput: line + "\n")
        }
    }

    actor Recorder: HostEventSink {
        var events: [HostEvent] = []
        var statuses: [String] = []
        func apply(_ event: HostEvent) async throws { events.append(event) }
        func said(_ status: String) { statuses.append(status) }
    }

    /// Runs the source over `timeline` for `seconds` of virtual time.
    static func follow(_ timeline: [(at: Double, state: AppState)], seconds: Double, lateAnswers: Set<Int> = []) async -> ([HostEvent], [String], TimelineApp) {
        let clock = SelfAdvancingClock(end: LocalTime(micros: Int64(seconds * 1_000_000)))
        let app = TimelineApp(timeline, clock: clock, lateAnswers: lateAnswers)
        let recorder = Recorder()
        var quiet = Logger(label: "test")
        quiet.logLevel = .critical
        let source = MacAppHostSource(app: .spotify, runner: app, sink: recorder, clock: clock, logger: quiet)
        try? await source.run(onStatus: { await recorder.said($0) })
        return (await recorder.events, await recorder.statuses, app)
    }

    /// The event's position against the app's true position at the event's time.
    static func error(_ event: HostEvent, _ app: TimelineApp) -> Double? {
        guard let position = event.positionMs, let truth = app.truth(at: Double(event.time.micros) / 1_000_000) else { return nil }
        return position - truth.positionMs
    }

    @Test func aTrackAPauseAResumeASeekAndASkipAreEachSeenOnceAndWhereTheyHappened() async throws {
        let (events, statuses, app) = await Self.follow(
            [
                (0, .playing(id: "a1", fromMs: 10_000)),
                (5, .paused(id: "a1", atMs: 15_000)),
                (8, .playing(id: "a1", fromMs: 15_000)),
                (12, .playing(id: "a1", fromMs: 90_000)),
                (16, .playing(id: "b2", fromMs: 0)),
            ], seconds: 20)
        let kinds = events.map(\.kind).filter { $0 != .reanchor }
        #expect(kinds == [.play, .pause, .resume, .seek, .play], "\(events.map(\.kind))")
        #expect(events.first?.track?.id == "a1")
        #expect(events.last?.track?.id == "b2")
        #expect(statuses == ["following Spotify"])
        // Each event within a reading's span of the truth; the seek and the skip each seen
        // within a poll (a second) of happening.
        for event in events where event.kind != .pause {
            let error = try #require(Self.error(event, app))
            #expect(abs(error) <= 45, "\(event.kind): \(error) ms")
        }
        let pause = try #require(events.first { $0.kind == .pause })
        #expect(abs((pause.positionMs ?? 0) - 15_000) <= 45)
        for (kind, happened) in [(HostEvent.Kind.seek, 12.0), (.pause, 5), (.resume, 8)] {
            let seen = try #require(events.first { $0.kind == kind })
            #expect(Double(seen.time.micros) / 1_000_000 - happened < 1.1, "\(kind) seen late")
        }
    }

    @Test func aLateAnswerIsNotASeek() async throws {
        // Answers 3 to 6 take 900 ms to come: the reading is somewhere in that span.
        let (events, _, app) = await Self.follow([(0, .playing(id: "a1", fromMs: 0))], seconds: 12, lateAnswers: [3, 4, 5, 6])
        #expect(events.map(\.kind).filter { $0 != .reanchor } == [.play])
        for event in events {
            let error = try #require(Self.error(event, app))
            #expect(abs(error) <= 45, "\(event.kind): \(error) ms")
        }
    }

    @Test func anAppThatIsNotOpenIsSaidOnceAndTheRoomFollowsWhenItPlays() async throws {
        let (events, statuses, _) = await Self.follow([(0, .notRunning), (6, .playing(id: "a1", fromMs: 0))], seconds: 10)
        #expect(statuses == ["Spotify is not open: open it and play a song; the room waits.", "following Spotify"])
        #expect(events.map(\.kind).filter { $0 != .reanchor } == [.play])
        let start = try #require(events.first)
        #expect(Double(start.time.micros) / 1_000_000 - 6 < 2.1, "the track seen late")
    }

    @Test func aRefusedPermissionEndsTheSourceWithTheFix() async throws {
        struct Refusing: AppleScriptRunner {
            func run(_ lines: [String]) async throws -> AppleScriptOutput {
                AppleScriptOutput(status: 1, standardOutput: "", standardError: "execution error: Not authorized to send Apple events to Music. (-1743)")
            }
        }
        let source = MacAppHostSource(app: .music, runner: Refusing(), sink: Recorder(), clock: SelfAdvancingClock(end: LocalTime(micros: 60_000_000)))
        await #expect(throws: MacAppError.notAuthorized(.music)) { try await source.run() }
    }
}
