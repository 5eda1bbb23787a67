import CatalogCore
import Logging
import Rooms
import SimulcastClient
import SimulcastCore
import TrackMatching

/// A listening session in virtual time with the shipped code: a `RoomHub` (in-memory store,
/// the real matcher over an offline catalog), a `HostSession`, and `ListenerSession`s with
/// `SimulatedPlayer`s, each on its own `RoomClient` and device clock, connected through
/// `InProcessRoomConnection`s over a simulated network. The loop below only delivers
/// messages and calls each participant when its next thing is due; every decision is theirs.
/// Beside each Simulcast listener runs one following the seed's method on the same network.
public final class SessionSimulation {
    let scenario: SyncScenario
    let clock = VirtualClock()
    let network: SimulatedNetwork
    /// Music starts after 10 s of connecting and clock sync.
    let musicStart: Int64 = 10_000_000
    static let stepInterval: Int64 = 100_000
    static let heartbeatInterval: Int64 = 5_000_000
    static let measureInterval: Int64 = 50_000
    /// A listener is in sync once within this of the host.
    static let inSyncMs = 50.0
    /// The first this long of each track is its transition.
    static let transitionMicros: Int64 = 3_000_000

    /// With `scenario.clockStep`: how the stepped listener came back, once `run` has returned.
    public private(set) var clockStepReport: ClockStepReport?

    public init(scenario: SyncScenario) {
        self.scenario = scenario
        self.network = SimulatedNetwork(scenario: scenario, clock: clock)
    }

    public func run() async throws -> (simulcast: SyncMetrics, seed: SyncMetrics) {
        var random = SeededGenerator(seed: scenario.seed)
        func draw(_ value: Double, _ jitter: Double) -> Double { value + jitter * Double.random(in: -1...1, using: &random) }
        let script = HostScript(tracks: scenario.tracks, random: &random)
        var quiet = Logger(label: "simulcast.simulation")
        quiet.logLevel = .critical

        // The server.
        let tracks = script.steps.compactMap(\.event.track)
        let catalog = OfflineCatalog(service: .appleMusic, tracks: tracks.map(HostScript.appleTrack))
        let hub = RoomHub(
            store: InMemoryRoomStore(clock: clock), matchmaker: TrackMatchmaker(catalogs: [.appleMusic: catalog], matcher: SimulcastMatcher()), clock: clock,
            metrics: ServerMetrics(), logger: quiet)
        let room = try await hub.createRoom()

        // Participants: 0 the host, 1...n Simulcast listeners, n+1...2n the seed's, each seed
        // listener on its twin's device.
        let n = scenario.listeners
        var devices: [any LocalClock] = []
        var drifts: [Double] = []
        for _ in 0...n {
            let skewed = SkewedClock(base: clock, offsetMicros: Int64(draw(0, scenario.clockOffsetMs) * 1000), driftPPM: draw(0, scenario.driftPPM))
            devices.append(skewed)
            drifts.append(skewed.driftPPM)
        }
        if let step = scenario.clockStep {
            devices[1] = SteppedClock(device: devices[1], trueClock: clock, at: step.startsAt(musicStart: musicStart), step: step)
        }
        for index in 1...n {
            devices.append(devices[index])
            drifts.append(drifts[index])
        }
        var clients: [RoomClient] = []
        var connections: [InProcessRoomConnection] = []
        for (participant, device) in devices.enumerated() {
            let hello =
                participant == 0
                ? Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken, client: "simulation")
                : Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", client: "simulation")
            clients.append(RoomClient(serverURL: "http://simulation", hello: hello, clock: device, logger: quiet))
            let network = self.network
            connections.append(
                InProcessRoomConnection(hub: hub, code: room.code, deliver: { network.toParticipant(participant, $0) }, closed: { _, _ in }))
        }
        let host = HostSession(client: clients[0])
        var listeners: [ListenerSession] = []
        var players: [SimulatedPlayer] = []
        var seeds: [SeedFollower] = []
        for index in 1...(2 * n) {
            let configuration = SimulatedPlayer.Configuration(
                startLatencyMs: max(0, scenario.startLatencyMs - scenario.startJitterMs)...(scenario.startLatencyMs + scenario.startJitterMs),
                seekLatencyMs: max(0, scenario.seekLatencyMs - scenario.seekJitterMs)...(scenario.seekLatencyMs + scenario.seekJitterMs),
                driftPPM: drifts[index], canScheduleStart: index <= n, schedulePrecisionMs: scenario.schedulePrecisionMs)
            let player = SimulatedPlayer(configuration: configuration, trueClock: clock, deviceClock: devices[index], seed: scenario.seed &+ UInt64(index))
            players.append(player)
            if index <= n {
                listeners.append(
                    ListenerSession(client: clients[index], player: player, policy: .init(service: .appleMusic, storefront: "us"), logger: quiet))
            } else {
                seeds.append(SeedFollower(client: clients[index], player: player))
            }
        }

        // Connect everyone, start the clocks' pings and the sessions' ticks.
        let codec = WireCodec()
        for (participant, client) in clients.enumerated() {
            let network = self.network
            await client.connectionOpened { network.toServer(from: participant, codec.encode($0)) }
            network.schedule(.ping(participant: participant, index: 0), at: 0)
        }
        for index in 1...n { network.schedule(.listenerStep(participant: index), at: Int64(index) * 7_000) }
        network.schedule(.hostHeartbeat, at: Self.heartbeatInterval)
        for (index, step) in script.steps.enumerated() { network.schedule(.script(index: index), at: musicStart + Int64(step.at * 1_000_000)) }
        network.schedule(.measure, at: musicStart)
        let end = musicStart + Int64((script.steps.last?.at ?? 0) * 1_000_000) + 5_000_000

        // [0]: the Simulcast listeners (participants 1...n); [1]: the seed's (n+1...2n).
        var metrics = [SyncMetrics(), SyncMetrics()]
        func side(_ participant: Int) -> Int { participant <= n ? 0 : 1 }
        var trackStart: (at: Int64, transition: HostScript.Transition)?
        var notYetInSync = Set<Int>()
        var lastTrace: Int64 = 0
        let stepVisible = scenario.clockStep.map { $0.visibleAt(musicStart: musicStart) }
        var lastHostChange: Int64 = 0
        clockStepReport = scenario.clockStep.map { ClockStepReport(kind: $0.kind.rawValue, amountMs: $0.amountMs, atSeconds: $0.atSeconds) }

        // A sleeping device (the stepped one's listener and its seed twin) does nothing until
        // it wakes: what is due for it then, messages to it included, waits until the wake.
        let sleep: (from: Int64, until: Int64, participants: Set<Int>)? = scenario.clockStep.flatMap { step in
            step.kind == .sleep ? (step.startsAt(musicStart: musicStart), step.visibleAt(musicStart: musicStart), [1, n + 1]) : nil
        }
        while let (time, event) = network.next(), time <= end {
            clock.set(time)
            if let sleep, (sleep.from..<sleep.until).contains(time), let participant = event.participant, sleep.participants.contains(participant) {
                network.schedule(event, at: sleep.until)
                continue
            }
            switch event {
            case .toServer(let from, let text):
                await connections[from].receive(text)
            case .toParticipant(let to, let text):
                guard let message = try? codec.decode(text) else { continue }
                let clientEvent = await clients[to].received(message, at: devices[to].now())
                if to == 0 {
                    if let clientEvent { await host.handle(clientEvent) }
                } else if to <= n {
                    if let clientEvent { await listeners[to - 1].handle(clientEvent) }
                } else {
                    await seeds[to - 1 - n].handle(clientEvent)
                }
            case .ping(let participant, let index):
                await clients[participant].sendPing()
                network.schedule(
                    .ping(participant: participant, index: index + 1), at: time + (await clients[participant].pingDelay(after: index)).inMicroseconds)
            case .listenerStep(let participant):
                await listeners[participant - 1].step()
                network.schedule(.listenerStep(participant: participant), at: time + Self.stepInterval)
            case .hostHeartbeat:
                await host.heartbeatDue()
                network.schedule(.hostHeartbeat, at: time + Self.heartbeatInterval)
            case .script(let index):
                let step = script.steps[index]
                if step.transition != nil || step.event.event == .stop, let previous = trackStart {
                    // Listeners never in sync on the track ending count with its whole length
                    // (a lower bound), not as if they had never tried.
                    let ms = Double(time - previous.at) / 1000
                    for index in notYetInSync { metrics[side(index)].recordTimeToSync(ms, after: previous.transition) }
                    notYetInSync = []
                }
                if let transition = step.transition {
                    // Corrections are counted per track: take the ones of the track ending.
                    for listener in listeners { metrics[0].corrections += await listener.status().correctionsThisTrack }
                    metrics[0].trackStarts += n
                    metrics[1].trackStarts += n
                    trackStart = (time, transition)
                    notYetInSync = Set(1...(2 * n))
                }
                lastHostChange = time
                try? await host.apply(step.event, at: devices[0].now())
            case .measure:
                network.schedule(.measure, at: time + Self.measureInterval)
                let playback = await host.playback
                guard playback.playing, let track = playback.track, let start = trackStart else { continue }
                let hostPosition = playback.positionMs(at: devices[0].now())
                let elapsed = time - start.at
                let targetId = HostScript.appleTrack(track).id
                for index in 1...(2 * n) {
                    let heard = await players[index - 1].audible(at: time)
                    let error = heard.trackId == targetId ? heard.positionMs - hostPosition : 10_000
                    metrics[side(index)].recordError(abs(error), elapsed: elapsed, transitionMicros: Self.transitionMicros, after: start.transition)
                    if let stepVisible, time >= stepVisible, index == 1 || index == 2, time - lastHostChange >= Self.transitionMicros {
                        clockStepReport?.record(error, stepped: index == 1, since: time - stepVisible)
                    }
                    if notYetInSync.contains(index), abs(error) <= Self.inSyncMs {
                        notYetInSync.remove(index)
                        metrics[side(index)].recordTimeToSync(Double(elapsed) / 1000, after: start.transition)
                    }
                    if (index == 1 || index == n + 1), time - lastTrace >= 1_000_000 {
                        metrics[side(index)].trace.append((Double(time - musicStart) / 1e6, error))
                        if index == n + 1 { lastTrace = time }
                    }
                }
            }
            await hub.resolveRequestedMatches()
        }
        for listener in listeners { metrics[0].corrections += await listener.status().correctionsThisTrack }
        clockStepReport?.stepsDetected = await clients[1].clockSync.stepsDetected
        return (metrics[0], metrics[1])
    }
}
