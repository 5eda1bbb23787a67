import CatalogCore
import SimulcastCore
import SimulcastTesting
import Testing
import TrackMatching

@testable import Rooms

/// Issue 23, a host-source defect seen with two real mpv players: after `loadfile`, mpv names
/// the new file by its file name and reads its tags a moment later. The room matched the file
/// name, found nothing, and answered every later ask from the cache for the whole song,
/// although the host source now sends the tags. A track whose tags change under the same id is
/// looked up afresh.
@Suite struct RetaggedTrackTests {
    @Test func newTagsUnderTheSameIdAreMatchedAfresh() async throws {
        let clock = ManualClock()
        let hub = RoomHub(
            store: InMemoryRoomStore(clock: clock), matchmaker: TrackMatchmaker(catalogs: [.appleMusic: TestRooms.appleCatalog], matcher: SimulcastMatcher()),
            clock: clock, metrics: ServerMetrics(), logger: TestRooms.quietLogger)
        let room = try await hub.createRoom()
        let codec = WireCodec()
        let listener = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
        await listener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"))))
        let host = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
        await host.receive(try codec.encode(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
        func play(_ track: TrackMetadata) async throws -> MatchResult.Status? {
            let now = clock.now().reinterpreted(as: ServerClockDomain.self)
            await host.receive(try codec.encode(.hostState(PlaybackSnapshot(track: track, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: now)))))
            await hub.resolveRequestedMatches()
            return try await hub.summary(code: room.code)?.state.track?.match(for: .appleMusic, storefront: "us")?.status
        }
        let path = "/music/bwitched/C'est La Vie.ogg"
        let named = TrackMetadata(service: .localFiles, id: path, title: "B*Witched - C'est La Vie.ogg", artists: [], durationMs: 178_000)
        #expect(try await play(named) == .notFound)
        let tagged = TrackMetadata(service: .localFiles, id: path, title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_000)
        clock.advance(byMs: 500)
        #expect(try await play(tagged) == .matched)
    }
}
