import SimulcastCore
import SimulcastTesting
import Testing

@testable import Rooms

/// Issue 56, item 3: once a second the server worked out every room's presence again whether
/// anything had changed or not. A room on one node now redoes it only when a connection came,
/// went or changed what presence shows, or the room's state moved on.
@Suite struct PresenceTickTests {
    static func computed(_ metrics: ServerMetrics) -> Int {
        let line = metrics.render().split(separator: "\n").first { $0.hasPrefix("simulcast_presence_computed_total ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "").map { Int($0) } } ?? -1
    }

    /// A hub on a manual clock with one room and Ada listening on `service`.
    struct Fixture {
        let clock = ManualClock()
        let metrics = ServerMetrics()
        let codec = WireCodec()
        let hub: RoomHub
        let created: CreatedRoom
        let listener: InProcessRoomConnection
        let room: LiveRoom

        init(service: MusicService) async throws {
            hub = RoomHub(
                store: InMemoryRoomStore(clock: clock), matchmaker: TestRooms.matchmaker, clock: clock, metrics: metrics, logger: TestRooms.quietLogger)
            created = try await hub.createRoom()
            listener = InProcessRoomConnection(hub: hub, code: created.code, deliver: { _ in }, closed: { _, _ in })
            await listener.receive(codec.text(.hello(Wire.Hello(role: .listener, room: created.code, service: service, storefront: "us", name: "Ada"))))
            room = try #require(try await hub.room(code: created.code))
        }

        func connection() -> InProcessRoomConnection {
            InProcessRoomConnection(hub: hub, code: created.code, deliver: { _ in }, closed: { _, _ in })
        }
    }

    @Test func aRoomWhereNothingChangedIsLeftAloneAndAChangeIsSeenAtTheNextTick() async throws {
        let fixture = try await Fixture(service: .appleMusic)
        let (clock, metrics, codec, listener, room, created) = (fixture.clock, fixture.metrics, fixture.codec, fixture.listener, fixture.room, fixture.created)

        await room.presenceTick()
        #expect(Self.computed(metrics) == 1, "a join is worked out")
        for _ in 0..<5 { await room.presenceTick() }
        #expect(Self.computed(metrics) == 1, "five ticks with nothing new do nothing")

        func report(positionMs: Double, playing: Bool) -> String {
            codec.text(
                .listenerReport(
                    Wire.ListenerReport(
                        trackId: nil, playing: playing, positionMs: positionMs, measuredAt: clock.now().reinterpreted(as: ServerClockDomain.self),
                        syncErrorMs: nil,
                        seq: nil)))
        }
        await listener.receive(report(positionMs: 1_000, playing: false))
        await room.presenceTick()
        #expect(Self.computed(metrics) == 2, "a first report is new")
        await listener.receive(report(positionMs: 2_000, playing: false))
        await room.presenceTick()
        #expect(Self.computed(metrics) == 2, "a report that only moves the position shows nothing new")
        await listener.receive(report(positionMs: 2_000, playing: true))
        await room.presenceTick()
        #expect(Self.computed(metrics) == 3, "playing or not is shown")

        let second = fixture.connection()
        await second.receive(codec.text(.hello(Wire.Hello(role: .listener, room: created.code, service: .spotify, storefront: "us", name: "Grace"))))
        await room.presenceTick()
        #expect(Self.computed(metrics) == 4, "a second listener is new")
        #expect(await room.currentPresence().count == 2)
    }

    /// A host sends its position every second or so; presence shows the song, whether the room
    /// plays and whether the host is there, never the position. Measured by the instruction
    /// benchmark: with 250 listeners each position update cost the next tick about 3 million
    /// instructions of presence worked out again to the same answer.
    @Test func aHostsPositionUpdatesOnTheSameSongLeavePresenceAlone() async throws {
        let fixture = try await Fixture(service: .spotify)
        let (clock, metrics, codec, room) = (fixture.clock, fixture.metrics, fixture.codec, fixture.room)
        let host = fixture.connection()
        await host.receive(codec.text(.hello(Wire.Hello(role: .host, room: fixture.created.code, hostToken: fixture.created.hostToken))))
        let song = TrackMetadata(
            service: .spotify, id: "4uLU6hMCjMI75M1A2tKUQC", title: "Never Gonna Give You Up", artists: ["Rick Astley"], durationMs: 213_573)
        func publish(_ track: TrackMetadata, positionMs: Double, playing: Bool = true) async {
            clock.advance(byMs: 1_000)
            let now = clock.now().reinterpreted(as: ServerClockDomain.self)
            await host.receive(
                codec.text(.hostState(PlaybackSnapshot(track: track, playing: playing, anchor: PlaybackAnchor(positionMs: positionMs, at: now)))))
            await room.presenceTick()
        }

        await publish(song, positionMs: 0)
        let afterTheSong = Self.computed(metrics)
        for second in 1...5 { await publish(song, positionMs: Double(second) * 1_000) }
        #expect(Self.computed(metrics) == afterTheSong, "five positions on the same song show nothing new")
        await publish(song, positionMs: 6_000, playing: false)
        #expect(Self.computed(metrics) == afterTheSong + 1, "a pause is shown")
        var next = song
        next.id = "7GhIk7Il098yCjg4BQjzvb"
        next.title = "Together Forever"
        await publish(next, positionMs: 0)
        #expect(Self.computed(metrics) == afterTheSong + 2, "a new song is shown")
    }
}
