import CatalogCore
import Catalogs
import ServiceHTTP
import SimulcastCore
import SimulcastTesting
import Synchronization
import Testing
import TrackMatching

@testable import Rooms

/// Issue 22, third defect: an `unavailable` answer (the service was down) was never asked
/// again while the room held the track: after a 503 outage it stayed unavailable through 90 s
/// of heartbeats with the service back. Now it is asked again after 5, 15 and 60 s, then every
/// 5 minutes, and becomes `matched` as soon as the service answers. Driven in virtual time
/// through the server's in-process connections.
@Suite struct UnavailableMatchRetryTests {
    /// A catalog that fails while it is down, and counts what it was asked.
    final class FlakyCatalog: Catalog, Sendable {
        let inner: OfflineCatalog
        let down = Mutex(true)
        let asked = Mutex(0)
        var service: MusicService { inner.service }
        init(_ inner: OfflineCatalog) { self.inner = inner }
        func search(term: String, storefront: String, limit: Int) async throws -> [TrackMetadata] {
            asked.withLock { $0 += 1 }
            if down.withLock({ $0 }) { throw CatalogServiceError.unexpectedStatus(.appleMusic, status: 503) }
            return try await inner.search(term: term, storefront: storefront, limit: limit)
        }
        func track(id: String, storefront: String) async throws -> TrackMetadata? {
            if down.withLock({ $0 }) { throw CatalogServiceError.unexpectedStatus(.appleMusic, status: 503) }
            return try await inner.track(id: id, storefront: storefront)
        }
    }

    /// One room on a hub in virtual time: a listener on Apple Music (us) and a host whose
    /// heartbeats re-anchor the song it plays (and its queue); the catalog is `catalog`.
    struct Rig {
        let clock = ManualClock()
        let catalog = FlakyCatalog(TestRooms.appleCatalog)
        let hub: RoomHub
        let room: CreatedRoom
        let host: InProcessRoomConnection
        let codec = WireCodec()
        let queue: [TrackMetadata]

        init(queue: [TrackMetadata] = []) async throws {
            self.queue = queue
            hub = RoomHub(
                store: InMemoryRoomStore(clock: clock), matchmaker: TrackMatchmaker(catalogs: [.appleMusic: catalog], matcher: SimulcastMatcher()),
                clock: clock, metrics: ServerMetrics(), logger: TestRooms.quietLogger)
            room = try await hub.createRoom()
            let listener = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await listener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us"))))
            host = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await host.receive(try codec.encode(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))
        }

        func heartbeat() async {
            let now = clock.now().reinterpreted(as: ServerClockDomain.self)
            let snapshot = PlaybackSnapshot(
                track: Fixtures.cestLaVie, playing: true, anchor: PlaybackAnchor(positionMs: 0, at: now), queue: queue.isEmpty ? nil : queue, intent: .reanchor)
            await host.receive(codec.text(.hostState(snapshot)))
            await hub.resolveRequestedMatches()
        }

        /// The Apple Music (us) status of the playing track, then of each queued one.
        func statuses() async throws -> [MatchResult.Status?] {
            guard let state = try await hub.summary(code: room.code)?.state else { return [] }
            return ([state.track].compactMap { $0 } + state.queue).map { $0.match(for: .appleMusic, storefront: "us")?.status }
        }
    }

    @Test func anUnavailableMatchIsAskedAgainWithBackoffAndMatchesOnceTheServiceIsBack() async throws {
        let rig = try await Rig()
        let (clock, catalog) = (rig.clock, rig.catalog)
        func heartbeat() async { await rig.heartbeat() }
        func status() async throws -> MatchResult.Status? { try await rig.statuses().first ?? nil }

        await heartbeat()
        #expect(try await status() == .unavailable)
        let askedDuringOutage = catalog.asked.withLock { $0 }
        // Heartbeats within the first wait do not ask again.
        clock.advance(byMs: 2_000)
        await heartbeat()
        #expect(catalog.asked.withLock { $0 } == askedDuringOutage)
        // After it, asked again (still down: the next wait is 15 s).
        clock.advance(byMs: 4_000)
        await heartbeat()
        #expect(catalog.asked.withLock { $0 } > askedDuringOutage)
        let askedTwice = catalog.asked.withLock { $0 }
        clock.advance(byMs: 10_000)
        await heartbeat()
        #expect(catalog.asked.withLock { $0 } == askedTwice, "15 s after the second answer, not 10")
        // The service comes back: matched at the next due ask.
        catalog.down.withLock { $0 = false }
        clock.advance(byMs: 6_000)
        await heartbeat()
        #expect(try await status() == .matched)
    }

    /// After a long outage a track waits five minutes between asks, so a service that came back
    /// went unseen for minutes. One lookup every 20 s now probes a down service for every
    /// waiting track, and its first answer sends them all back: matched within 30 s.
    @Test func afterALongOutageTheServiceIsSeenBackWithin30Seconds() async throws {
        let rig = try await Rig(queue: [Fixtures.sheLooksSoPerfect])
        let (clock, catalog) = (rig.clock, rig.catalog)
        func heartbeat() async { await rig.heartbeat() }
        func statuses() async throws -> [MatchResult.Status?] { try await rig.statuses() }
        // Ten minutes down, a heartbeat every 5 s: the tracks' waits grow to five minutes.
        for _ in 0..<120 {
            await heartbeat()
            clock.advance(byMs: 5_000)
        }
        #expect(try await statuses() == [.unavailable, .unavailable])
        catalog.down.withLock { $0 = false }
        var waited = 0
        while try await statuses() != [.matched, .matched], waited < 120_000 {
            clock.advance(byMs: 5_000)
            waited += 5_000
            await heartbeat()
        }
        #expect(try await statuses() == [.matched, .matched])
        #expect(waited <= 30_000, "matched \(waited / 1000) s after the service came back")
    }
}
