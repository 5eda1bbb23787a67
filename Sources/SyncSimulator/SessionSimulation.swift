import CatalogCore
import Logging
import Rooms
import SimulcastClient
import SimulcastCore
import TrackMatching

/// A listening session in virtual time with the shipped code: a `RoomHub` (in-memory store,
/// the real matcher over an offline catalog), a `HostSession`, and `ListenerSession`s with
/// `SimulatedPlayer`s, each on its own `RoomConnection` and device clock, connected through
/// `InProcessRoomConnection`s over a simulated network. The loop below only delivers
/// messages and calls each participant when its next thing is due; every decision is theirs.
/// Beside each Simulcast listener runs one following the seed's method on the same network.
public final class SessionSimulation {
    let scenario: SyncScenario
    let clock = VirtualClock()
    let network: SimulatedNetwork
    /// Music starts after 10 s of connecting and clock sync.
    let musicStart: Int64 = 10_000_000
    static let measureInterval: Int64 = 50_000
    /// The first this long of each track is its transition.
    static let transitionMicros: Int64 = 3_000_000

    /// With `scenario.clockStep`: how the stepped listener came back, once `run` has returned.
    public private(set) var clockStepReport: ClockStepReport?
    /// With `scenario.disruption`: how the listeners came through it, once `run` has returned.
    public private(set) var disruptionReport: DisruptionReport?
    /// The same listening measured at the ear (each device's true output latency after its
    /// player, the host's too), once `run` has returned. `run`'s own figures are at the player.
    public private(set) var atTheEar: (simulcast: SyncMetrics, seed: SyncMetrics)?
    /// On YouTube: the pre-roll ads Simulcast's listeners saw and the seeks they asked during
    /// one, once `run` has returned.
    public private(set) var youTubeAds: (shown: Int, seeksDuringAds: Int)?

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
        let store = InMemoryRoomStore(clock: clock)
        let clock = self.clock
        // A restart makes a new hub on the same store, as a restarted process would.
        let makeHub = {
            RoomHub(
                store: store, matchmaker: TrackMatchmaker(catalogs: [.appleMusic: catalog], matcher: SimulcastMatcher()), clock: clock,
                metrics: ServerMetrics(),
                logger: quiet)
        }
        var hub = makeHub()
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
        // Output latencies, true and as each participant estimates its own, from a stream of
        // their own so that scenarios without them draw exactly as before. A seed listener
        // shares its twin's device, so its ears; the seed's method knows nothing of them.
        var latencyRandom = SeededGenerator(seed: scenario.seed &+ 0x0A7E)
        var outputLatency: [Double] = []
        var estimatedOutputLatency: [Double] = []
        for participant in 0...n {
            let truth = Double.random(in: participant == 0 ? scenario.hostOutputLatencyMs : scenario.listenerOutputLatencyMs, using: &latencyRandom)
            let error = Double.random(in: -scenario.outputLatencyEstimateErrorMs...scenario.outputLatencyEstimateErrorMs, using: &latencyRandom)
            outputLatency.append(truth)
            estimatedOutputLatency.append(scenario.compensatesOutputLatency ? truth + error : 0)
        }
        for index in 1...n { outputLatency.append(outputLatency[index]) }
        var clients: [RoomConnection] = []
        var connections: [InProcessRoomConnection?] = Array(repeating: nil, count: devices.count)
        for (participant, device) in devices.enumerated() {
            let hello =
                participant == 0
                ? Wire.Hello(role: .host, room: room.code, hostToken: room.hostToken, client: "simulation")
                : Wire.Hello(role: .listener, room: room.code, service: .appleMusic, storefront: "us", client: "simulation")
            clients.append(
                RoomConnection(serverURL: "http://simulation", hello: hello, clock: device, seed: scenario.seed &+ UInt64(participant), logger: quiet))
        }
        let host = HostSession(client: clients[0], outputLatencyMs: estimatedOutputLatency[0])
        var listeners: [ListenerSession] = []
        var players: [any SimulatedSound] = []
        var connectDevices: [SimulatedConnectDevice] = []
        var youTubeFrames: [SimulatedYouTubeIFrame] = []
        let timer = SimulatedPlayerTimer(network: network)
        var seeds: [SeedFollower] = []
        for index in 1...(2 * n) {
            let player: any PlayerDriver
            let sound: any SimulatedSound
            var policy = FollowPolicy.Configuration(service: .appleMusic, storefront: "us")
            switch scenario.listenerDevice {
            case .player:
                let configuration = SimulatedPlayer.Configuration(
                    startLatencyMs: max(0, scenario.startLatencyMs - scenario.startJitterMs)...(scenario.startLatencyMs + scenario.startJitterMs),
                    seekLatencyMs: max(0, scenario.seekLatencyMs - scenario.seekJitterMs)...(scenario.seekLatencyMs + scenario.seekJitterMs),
                    driftPPM: drifts[index], canScheduleStart: index <= n && scenario.listenersCanSchedule, schedulePrecisionMs: scenario.schedulePrecisionMs)
                let simulated = SimulatedPlayer(
                    configuration: configuration, trueClock: clock, deviceClock: devices[index], seed: scenario.seed &+ UInt64(index))
                player = simulated
                sound = simulated
            case .spotifyConnect(var configuration):
                // The listener's Spotify app, followed through the Web API by the shipped driver.
                configuration.driftPPM = drifts[index]
                let device = SimulatedConnectDevice(
                    id: "device-\(index)", configuration: configuration, trueClock: clock, followerClock: devices[index], seed: scenario.seed &+ UInt64(index))
                connectDevices.append(device)
                player = SpotifyConnectPlayer(
                    remote: device, device: SpotifyConnectDevice(id: device.id, name: "Simulated phone", kind: "Smartphone"), clock: devices[index],
                    logger: quiet)
                sound = device
                policy = SpotifyConnectPlayer.followConfiguration(service: .appleMusic, storefront: "us")
            case .youTube(var configuration):
                // The listener page's embedded player, followed by the shipped driver's twin.
                configuration.driftPPM = drifts[index]
                let frame = SimulatedYouTubeIFrame(
                    configuration: configuration, trueClock: clock, deviceClock: devices[index], seed: scenario.seed &+ UInt64(index))
                if index <= n { youTubeFrames.append(frame) }
                player = YouTubeIFramePlayer(frame: frame, clock: devices[index], timer: timer)
                sound = frame
                policy = YouTubeIFramePlayer.followConfiguration(service: .appleMusic, storefront: "us")
            }
            players.append(sound)
            if index <= n {
                listeners.append(
                    ListenerSession(client: clients[index], player: player, policy: policy, outputLatencyMs: estimatedOutputLatency[index], logger: quiet))
            } else {
                seeds.append(SeedFollower(client: clients[index], player: player))
            }
        }

        // Who cannot reach the server until when (nil participants: nobody can).
        var unreachable: (until: Int64, participants: Set<Int>?)?
        // The disruption's window, placed so that the host's next change after the asked time
        // falls in the middle of the outage: the listeners cut off must catch up on it.
        let outage: Range<Int64>? = scenario.disruption.map { disruption in
            let asked = disruption.startsAt(musicStart: musicStart)
            let change = script.steps.map { musicStart + Int64($0.at * 1_000_000) }.first { $0 >= asked } ?? asked
            let length = Int64(disruption.outageSeconds * 1_000_000)
            return (change - length / 2)..<(change - length / 2 + length)
        }
        let codec = WireCodec()
        /// Connects a participant through its client, as its live loop does, unless the network
        /// or the server is down; then its client's driver says when to try again.
        func connect(_ participant: Int, at time: Int64) async {
            if let down = unreachable, time < down.until, down.participants?.contains(participant) ?? true {
                await disconnected(participant, at: time, reason: "cannot reach the server")
                return
            }
            let network = self.network
            // The client numbers its connections one after another: this one is the next.
            let number = await clients[participant].connection + 1
            connections[participant] = InProcessRoomConnection(
                hub: hub, code: room.code, deliver: { network.toParticipant(participant, connection: number, $0) }, closed: { _, _ in })
            await clients[participant].connectionOpened { message in
                // The simulated clients send plain data; one JSON cannot carry never leaves, as from a real client.
                if let text = try? codec.encode(message) { network.toServer(from: participant, connection: number, text) }
            }
            network.schedule(.ping(participant: participant, connection: number), at: time)
            if let outage, time >= outage.lowerBound { disruptionReport?.countReconnect(participant) }
        }
        /// The participant's connection ended: its session hears so, its client backs off.
        func disconnected(_ participant: Int, at time: Int64, reason: String) async {
            connections[participant] = nil
            guard case .success(let delay) = await clients[participant].connectionEnded() else { return }
            await deliver(.disconnected(reason: reason), to: participant)
            network.schedule(.connect(participant: participant), at: time + delay.inMicroseconds)
        }
        func deliver(_ event: RoomConnectionEvent?, to participant: Int) async {
            if participant == 0 {
                if let event { await host.handle(event) }
            } else if participant <= n {
                if let event { await listeners[participant - 1].handle(event) }
            } else {
                await seeds[participant - 1 - n].handle(event)
            }
        }

        // Connect everyone, start the clocks' pings and the sessions' ticks, on the sessions' own intervals.
        for participant in clients.indices { await connect(participant, at: 0) }
        for index in 1...n {
            // Staggered 7 ms apart, as independent devices would be.
            network.schedule(.listenerStep(participant: index), at: Int64(index) * 7_000)
        }
        network.schedule(.hostHeartbeat, at: host.heartbeat.inMicroseconds)
        if let disruption = scenario.disruption, let outage {
            network.schedule(.disruption, at: outage.lowerBound)
            let affected = disruption.kind == .drop ? [1] : Array(1...n)
            disruptionReport = DisruptionReport(
                kind: disruption.kind.rawValue, atSeconds: Double(outage.lowerBound - musicStart) / 1_000_000, outageSeconds: disruption.outageSeconds,
                listeners: affected.map { DisruptionReport.Listener(participant: $0) })
        }
        for (index, step) in script.steps.enumerated() { network.schedule(.script(index: index), at: musicStart + Int64(step.at * 1_000_000)) }
        network.schedule(.measure, at: musicStart)
        let end = musicStart + Int64((script.steps.last?.at ?? 0) * 1_000_000) + 5_000_000

        // [0]: the Simulcast listeners (participants 1...n); [1]: the seed's (n+1...2n).
        var metrics = [SyncMetrics(), SyncMetrics()]
        var earMetrics = [SyncMetrics(), SyncMetrics()]
        var earNotYetInSync = Set<Int>()
        // The host's playback after each of its changes (true time), for what it hears later.
        var hostHistory: [(at: Int64, playback: HostPlayback)] = []
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
            case .toServer(let from, let number, let text):
                // A message on a connection that has since been cut never arrives.
                guard let connection = connections[from], await clients[from].connection == number else { continue }
                await connection.receive(text)
            case .toParticipant(let to, let number, let text):
                guard connections[to] != nil, await clients[to].connection == number, let message = try? codec.decode(text) else { continue }
                await deliver(await clients[to].received(message, at: devices[to].now()), to: to)
            case .ping(let participant, let number):
                guard let wait = await clients[participant].pingDue(connection: number) else { continue }
                network.schedule(.ping(participant: participant, connection: number), at: time + wait.inMicroseconds)
            case .connect(let participant):
                await connect(participant, at: time)
            case .disruption:
                guard let disruption = scenario.disruption else { continue }
                switch disruption.kind {
                case .restart:
                    // A crash: the old hub is gone with whatever it had not saved; a new one serves the same store.
                    hub = makeHub()
                    unreachable = (outage?.upperBound ?? time, nil)
                    for participant in clients.indices { await disconnected(participant, at: time, reason: "the server went away") }
                case .drop:
                    unreachable = (outage?.upperBound ?? time, [1])
                    await connections[1]?.close()
                    await disconnected(1, at: time, reason: "the network dropped")
                }
            case .timer(let id):
                await timer.take(id)?()
            case .listenerStep(let participant):
                await listeners[participant - 1].step()
                network.schedule(.listenerStep(participant: participant), at: time + listeners[participant - 1].tickInterval.inMicroseconds)
            case .hostHeartbeat:
                await host.heartbeatDue()
                network.schedule(.hostHeartbeat, at: time + host.heartbeat.inMicroseconds)
            case .script(let index):
                let step = script.steps[index]
                if step.transition != nil || step.event.event == .stop, let previous = trackStart {
                    // Listeners never in sync on the track ending count with its whole length
                    // (a lower bound), not as if they had never tried.
                    let ms = Double(time - previous.at) / 1000
                    for index in notYetInSync { metrics[side(index)].recordTimeToSync(ms, after: previous.transition) }
                    for index in earNotYetInSync { earMetrics[side(index)].recordTimeToSync(ms, after: previous.transition) }
                    notYetInSync = []
                    earNotYetInSync = []
                }
                if let transition = step.transition {
                    // Corrections are counted per track: take the ones of the track ending.
                    for listener in listeners { metrics[0].corrections += await listener.status().correctionsThisTrack }
                    metrics[0].trackStarts += n
                    metrics[1].trackStarts += n
                    trackStart = (time, transition)
                    notYetInSync = Set(1...(2 * n))
                    earNotYetInSync = Set(1...(2 * n))
                }
                lastHostChange = time
                try? await host.apply(step.event.hostEvent(at: devices[0].now()))
                hostHistory.append((time, await host.playback))
                if hostHistory.count > 8 { hostHistory.removeFirst() }
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
                    if let outage, index <= n, time - lastHostChange >= Self.transitionMicros {
                        let since = time - outage.lowerBound
                        if (0..<DisruptionReport.windowMicros).contains(since) { disruptionReport?.record(error, participant: index, since: since) }
                    }
                    if notYetInSync.contains(index), InSync.holds(errorMs: error) {
                        notYetInSync.remove(index)
                        metrics[side(index)].recordTimeToSync(Double(elapsed) / 1000, after: start.transition)
                    }
                    let earError = await earErrorMs(index)
                    if let earError, let earElapsed = earError.elapsed {
                        earMetrics[side(index)].recordError(
                            abs(earError.ms), elapsed: earElapsed, transitionMicros: Self.transitionMicros, after: start.transition)
                        if earNotYetInSync.contains(index), InSync.holds(errorMs: earError.ms) {
                            earNotYetInSync.remove(index)
                            earMetrics[side(index)].recordTimeToSync(Double(earElapsed) / 1000, after: start.transition)
                        }
                    }
                    if (index == 1 || index == n + 1), time - lastTrace >= 1_000_000 {
                        metrics[side(index)].trace.append((Double(time - musicStart) / 1e6, error))
                        if let earError { earMetrics[side(index)].trace.append((Double(time - musicStart) / 1e6, earError.ms)) }
                        if index == n + 1 { lastTrace = time }
                    }
                }
                /// What listener `index` hears against what the host hears, each an output
                /// latency after its player; `elapsed` since the host heard the track begin
                /// (nil while the host still hears the track before).
                func earErrorMs(_ index: Int) async -> (ms: Double, elapsed: Int64?)? {
                    let hostLatencyMicros = Int64(outputLatency[0] * 1000)
                    guard let heard = hostHistory.last(where: { $0.at <= time - hostLatencyMicros }), heard.playback.playing,
                        let heardTrack = heard.playback.track
                    else { return nil }
                    let hostHeard = heard.playback.positionMs(at: devices[0].now().advanced(by: -hostLatencyMicros))
                    let listenerHeard = await players[index - 1].heard(at: time, outputLatencyMs: outputLatency[index])
                    let ms = listenerHeard.trackId == HostScript.appleTrack(heardTrack).id ? listenerHeard.positionMs - hostHeard : 10_000
                    let elapsed = time - (start.at + hostLatencyMicros)
                    return (ms, elapsed >= 0 ? elapsed : nil)
                }
            }
            await hub.resolveRequestedMatches()
        }
        for listener in listeners { metrics[0].corrections += await listener.status().correctionsThisTrack }
        if !connectDevices.isEmpty {
            for (index, device) in connectDevices.enumerated() {
                metrics[index < n ? 0 : 1].commands += await device.commandsReceived
                metrics[index < n ? 0 : 1].rateLimited += await device.rateLimited
            }
        }
        if !youTubeFrames.isEmpty {
            var ads = (shown: 0, seeksDuringAds: 0)
            for frame in youTubeFrames {
                ads.shown += await frame.adsShown
                ads.seeksDuringAds += await frame.seeksDuringAds
            }
            youTubeAds = ads
        }
        earMetrics[0].corrections = metrics[0].corrections
        earMetrics[0].trackStarts = metrics[0].trackStarts
        earMetrics[1].trackStarts = metrics[1].trackStarts
        atTheEar = (earMetrics[0], earMetrics[1])
        clockStepReport?.stepsDetected = await clients[1].clockSync.stepsDetected
        return (metrics[0], metrics[1])
    }
}
