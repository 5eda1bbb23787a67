import SimulcastClient
import SimulcastCore
import SimulcastTesting
import Testing

/// The host session's decisions as a value: what is published when, and which requests go to
/// the host's queue. No connection, no clock: the times come in with the events.
@Suite struct HostSessionCoreTests {
    static let t0 = LocalTime(micros: 1_000_000_000)
    static func at(_ ms: Int64) -> LocalTime { t0.advanced(by: ms * 1_000) }
    static let play = HostEvent(.play, at: t0, track: Fixtures.cestLaVie, positionMs: 0)

    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        var events: [Input]
        /// What the last input asks for.
        var expected: [HostSessionCore.Action]
        var testDescription: String { name }
    }

    enum Input: Sendable {
        case player(HostEvent)
        case connection(RoomConnectionEvent, atMs: Int64)
        case heartbeat
    }

    static let steps: [Step] = [
        Step(name: "a player event before clock sync publishes nothing", events: [.player(play)], expected: []),
        Step(
            name: "clock sync before the player spoke publishes nothing",
            events: [.connection(.joined(welcome), atMs: 0), .connection(.clockSynchronised, atMs: 10)],
            expected: []),
        Step(
            name: "clock sync after the player spoke publishes", events: [.player(play), .connection(.clockSynchronised, atMs: 10)],
            expected: [.publish(intent: nil)]),
        Step(
            name: "a player event once synchronised publishes", events: [.connection(.clockSynchronised, atMs: 0), .player(play)],
            expected: [.publish(intent: nil)]),
        Step(
            name: "a clock step re-anchors", events: [.player(play), .connection(.clockSynchronised, atMs: 0), .connection(.clockStepped, atMs: 50)],
            expected: [.publish(intent: .reanchor)]),
        Step(
            name: "a clock step before sync does nothing", events: [.player(play), .connection(.clockStepped, atMs: 50)], expected: []),
        Step(
            name: "the heartbeat re-anchors while playing", events: [.connection(.clockSynchronised, atMs: 0), .player(play), .heartbeat],
            expected: [.publish(intent: .reanchor)]),
        Step(
            name: "the heartbeat is quiet while paused",
            events: [.connection(.clockSynchronised, atMs: 0), .player(play), .player(HostEvent(.pause, at: at(2_000))), .heartbeat], expected: []),
        Step(
            name: "a disconnect stops publishing until the next sync",
            events: [
                .connection(.clockSynchronised, atMs: 0), .player(play), .connection(.disconnected(reason: "network"), atMs: 100),
                .player(HostEvent(.pause, at: at(200))),
            ],
            expected: []),
        Step(
            name: "a state the server could not save is sent again at once",
            events: [.connection(.clockSynchronised, atMs: 0), .player(play), .connection(.serverError(saveFailed), atMs: 500)],
            expected: [.publish(intent: nil)]),
        Step(
            name: "but at most once a second",
            events: [
                .connection(.clockSynchronised, atMs: 0), .player(play), .connection(.serverError(saveFailed), atMs: 500),
                .connection(.serverError(saveFailed), atMs: 1_400),
            ],
            expected: []),
        Step(
            name: "and again after a second",
            events: [
                .connection(.clockSynchronised, atMs: 0), .player(play), .connection(.serverError(saveFailed), atMs: 500),
                .connection(.serverError(saveFailed), atMs: 1_500),
            ],
            expected: [.publish(intent: nil)]),
        Step(
            name: "another server error is not a reason to resend",
            events: [
                .connection(.clockSynchronised, atMs: 0), .player(play),
                .connection(.serverError(Wire.Error(code: .rateLimited, message: "slow down")), atMs: 500),
            ],
            expected: []),
    ]

    static let welcome = Wire.Welcome(role: .host, room: "ROOMROOMRM", connectionId: "c1", serverTime: ServerTime(micros: 0))
    static let saveFailed = Wire.Error(code: .internalError, message: "the room's state could not be saved")

    @Test(arguments: steps) func decides(_ step: Step) throws {
        var core = HostSessionCore()
        var last: [HostSessionCore.Action] = []
        for input in step.events {
            switch input {
            case .player(let event): last = try core.apply(event)
            case .connection(let event, let ms): last = core.handle(event, at: Self.at(ms))
            case .heartbeat: last = core.heartbeatDue()
            }
        }
        #expect(last == step.expected)
    }

    @Test func anAcceptedRequestGoesToTheQueueOnceAndOnlyWithAQueue() {
        let asked = Fixtures.sheLooksSoPerfect
        let match = TrackMetadata(service: .spotify, id: "sp-slsp", title: asked.title, artists: asked.artists, durationMs: asked.durationMs)
        var state = RoomState.empty(at: ServerTime(micros: 0))
        state.requests = [
            SongRequest(id: "r1", asked: asked, match: match, requestedBy: "Ana", status: .accepted, requestedAt: ServerTime(micros: 0)),
            SongRequest(id: "r2", asked: asked, match: nil, requestedBy: "Ben", status: .accepted, requestedAt: ServerTime(micros: 0)),
            SongRequest(id: "r3", asked: asked, match: match, requestedBy: "Cy", status: .pending, requestedAt: ServerTime(micros: 0)),
        ]
        var host = HostSessionCore(takesRequests: true)
        #expect(host.handle(.roomState(state), at: Self.t0) == [.queue(requestId: "r1", track: match)])
        #expect(host.handle(.roomState(state), at: Self.at(100)) == [], "handed on once")
        var withoutQueue = HostSessionCore(takesRequests: false)
        #expect(withoutQueue.handle(.roomState(state), at: Self.t0) == [])
    }

    @Test func thePublishedStateIsWhatTheHostHears() throws {
        var core = HostSessionCore(outputLatencyMs: 40)
        _ = core.handle(.clockSynchronised, at: Self.t0)
        _ = try core.apply(Self.play)
        let snapshot = core.hostState(at: Self.at(1_000), serverTime: ServerTime(micros: 5_000_000), intent: nil)
        #expect(snapshot.playing)
        #expect(core.position(at: Self.at(1_000)).positionMs == 1_000)
        // The player's position now reaches the host's ear 40 ms later: the anchor says so.
        #expect(snapshot.anchor.positionMs == 1_000)
        #expect(snapshot.anchor.time == ServerTime(micros: 5_040_000))
        #expect(snapshot.outputLatencyMs == 40)
    }
}
