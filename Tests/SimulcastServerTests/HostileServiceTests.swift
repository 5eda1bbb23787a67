import Catalogs
import Logging
import RoomStorage
import ServiceHTTP
import SimulcastCore
import SimulcastServer
import SimulcastTesting
import Synchronization
import Testing
import TrackMatching

@testable import Rooms

/// Issue 22, second defect and its acceptance: a music service at its worst (it hangs, trickles,
/// sends 2 GB, sends garbage, answers 503, answers 429 with `Retry-After: 86400`) costs one
/// lookup, not the room. The real Deezer client talks to a loopback stand-in; the hub matches
/// as a server does (`runMatcher`, real time, the default 10 s lookup deadline). Before: a
/// hang took 63.6 s to `unavailable`, a trickle 120 s, and after the 429 no request left for
/// the rest of the run; an `unavailable` track was never asked again.
@Suite struct HostileServiceTests {
    enum Misbehaviour: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case hangs, trickles, sendsTwoGigabytes, sendsGarbage, answers503, answers429ForADay
        var fault: FakeFault {
            switch self {
            case .hangs: .hang
            case .trickles: .trickle
            case .sendsTwoGigabytes: .oversized(bytes: 2 << 30)
            case .sendsGarbage: .garbage
            case .answers503: .status(503)
            case .answers429ForADay: .status(429, retryAfter: 86_400)
            }
        }
        var testDescription: String { rawValue }
    }

    static let deezerTracks = [
        TrackMetadata(service: .deezer, id: "3135556", title: "C'est La Vie", artists: ["B*Witched"], album: "B*Witched", durationMs: 178_000),
        TrackMetadata(
            service: .deezer, id: "3135557", title: "She Looks So Perfect", artists: ["5 Seconds of Summer"], album: "5 Seconds of Summer", durationMs: 202_000),
        TrackMetadata(service: .deezer, id: "3135558", title: "Solayoh", artists: ["Alyona Lanskaya"], album: "Solayoh", durationMs: 180_000),
    ]

    // Real time, bounds of a couple of seconds, and 30 s of traffic: it runs in the isolated
    // pass, where it neither disturbs other suites' timing bounds nor is disturbed by them.
    @Test(.enabled(if: TestSupport.isolatedPass), arguments: Misbehaviour.allCases)
    func aMisbehavingServiceCostsOneLookupAndIsMatchedSoonAfterItRecovers(_ misbehaviour: Misbehaviour) async throws {
        let state = FakeServiceState(tracks: Self.deezerTracks)
        await state.failEvery(misbehaviour.fault)
        let limits = ServerLimits()
        try await FakeServiceServer.run(FakeDeezer.router(state: state)) { base in
            // The cap is configurable (`--retry-after-cap-seconds`, 60 by default); a short one
            // here so the test need not wait out a minute's hold before the recovery it measures.
            let metrics = ServerMetrics()
            let policy = ServicePolicy(retryAfterCapSeconds: misbehaviour == .answers429ForADay ? 5 : 60) { metrics.serviceHeldBack($0, seconds: $1) }
            let deezer = DeezerClient(
                baseURL: base, transport: NIOHTTPTransport.live, policy: policy, clock: SystemClock(), logger: TestSupport.quietLogger)
            let hub = RoomHub(
                store: InMemoryRoomStore(clock: SystemClock()),
                matchmaker: TrackMatchmaker(catalogs: [.deezer: deezer, .appleMusic: TestSupport.appleCatalog], matcher: SimulcastMatcher()),
                clock: SystemClock(), metrics: metrics, logger: TestSupport.quietLogger, limits: limits)
            let codec = WireCodec()
            let playing = Fixtures.cestLaVie
            let queue = [Fixtures.sheLooksSoPerfect, Fixtures.solayoh]

            // The room that listens on the bad service, and a control room that does not.
            let room = try await hub.createRoom()
            let listener = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await listener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: room.code, service: .deezer, storefront: "fr"))))
            let host = InProcessRoomConnection(hub: hub, code: room.code, deliver: { _ in }, closed: { _, _ in })
            await host.receive(try codec.encode(.hello(Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken))))

            let control = try await hub.createRoom()
            let controlPositions = Mutex<[Double]>([])
            let controlListener = InProcessRoomConnection(
                hub: hub, code: control.code,
                deliver: { text in
                    if case .roomState(let state)? = try? codec.decode(text), let position = state.anchor.positionMs as Double? {
                        controlPositions.withLock { $0.append(position) }
                    }
                }, closed: { _, _ in })
            await controlListener.receive(try codec.encode(.hello(Wire.Hello(role: .listener, room: control.code, service: .appleMusic, storefront: "us"))))
            let controlHost = InProcessRoomConnection(hub: hub, code: control.code, deliver: { _ in }, closed: { _, _ in })
            await controlHost.receive(try codec.encode(.hello(Wire.Hello(role: .host, room: control.code, hostToken: control.hostToken))))

            @Sendable func heartbeat(_ connection: InProcessRoomConnection, positionMs: Double) async {
                let now = SystemClock().serverClockNow()
                await connection.receive(
                    codec.text(
                        .hostState(
                            PlaybackSnapshot(
                                track: playing, playing: true, anchor: PlaybackAnchor(positionMs: positionMs, at: now), queue: queue, intent: .reanchor))))
            }
            @Sendable func statuses() async throws -> [MatchResult.Status?] {
                guard let state = try await hub.summary(code: room.code)?.state else { return [] }
                return ([state.track].compactMap { $0 } + state.queue).map { $0.match(for: .deezer, storefront: "fr")?.status }
            }

            try await withThrowingDiscardingTaskGroup { group in
                group.addTask { await hub.runMatcher() }
                let started = ContinuousClock.now
                await heartbeat(host, positionMs: 0)
                // The control room's host publishes every half second all along.
                let sent = Mutex<[Double]>([])
                group.addTask {
                    var tick = 0.0
                    await Poll.every(.milliseconds(500)) {
                        tick += 1
                        await heartbeat(controlHost, positionMs: tick * 500)
                        sent.withLock { $0.append(tick * 500) }
                    }
                }
                // Each lookup ends within its deadline: every track is `unavailable`, none still
                // being matched.
                let allUnavailable = await TestSupport.eventually(20) { (try? await statuses()) == [.unavailable, .unavailable, .unavailable] }
                let ended = ContinuousClock.now - started
                let deadline = limits.matchLookupDeadline
                let seen = try await statuses()
                #expect(allUnavailable, "\(misbehaviour): still \(seen) after 20 s")
                #expect(ended <= deadline + .seconds(2), "\(misbehaviour): lookups ended after \(ended), deadline \(deadline)")

                // The hold a 429 asked for is capped, and counted in /metrics.
                if misbehaviour == .answers429ForADay {
                    let rendered = metrics.render()
                    #expect(rendered.contains("simulcast_service_holdoffs_total{service=\"deezer\"} "), "\(rendered)")
                    #expect(!rendered.contains("simulcast_service_holdoff_seconds_total{service=\"deezer\"} 86400"))
                }

                // The service recovers; the room keeps playing (the host's heartbeats every 5 s, as
                // the CLI sends them): every track is matched within 30 s.
                // Real time: the client honours the service's (capped) Retry-After on the real clock.
                if misbehaviour == .answers429ForADay { try await Task.sleep(for: .seconds(5)) }  // the capped Retry-After runs out
                await state.recover()
                let recovered = ContinuousClock.now
                group.addTask {
                    await Poll.every(.seconds(5)) { await heartbeat(host, positionMs: (ContinuousClock.now - started).inSeconds * 1000) }
                }
                let allMatched = await TestSupport.eventually(45) { (try? await statuses()) == [.matched, .matched, .matched] }
                let took = ContinuousClock.now - recovered
                let after = try await statuses()
                #expect(allMatched, "\(misbehaviour): still \(after) 45 s after the service recovered")
                #expect(took <= .seconds(30), "\(misbehaviour): matched \(took) after the service recovered")

                // A control room misses nothing: every state its host sent reached its listener.
                let received = Set(controlPositions.withLock { $0 })
                let missed = sent.withLock { $0 }.dropLast().filter { !received.contains($0) }
                #expect(missed.isEmpty, "the control room missed \(missed.count) states")
                group.cancelAll()
            }
        }
    }
}
