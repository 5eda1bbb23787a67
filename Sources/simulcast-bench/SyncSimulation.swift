import SimulcastClient
import SimulcastCore

/// Host, server and listeners in virtual time (microseconds), stepped every 5 ms, with the
/// real core logic: `ClockSync`, `HostPlayback`, `RoomState`, `FollowPolicy`. Beside each
/// Simulcast listener runs one following the seed's method on the same network and clock.
struct SyncSimulation {
    struct Result {
        var errorsMs: [Double] = []
        var corrections = 0
        var trackStarts = 0
        /// (seconds, signed error ms) about once a second, for the plot.
        var trace: [(Double, Double)] = []
    }

    struct DeviceClock {
        var offset: Int64
        var ppm: Double
        func local(_ t: Int64) -> Int64 { t + offset + Int64(Double(t) * ppm / 1_000_000) }
        func trueTime(_ local: Int64) -> Int64 { Int64(Double(local - offset) / (1 + ppm / 1_000_000)) }
    }

    /// A player as the simulator sees it: silent until `startsAt`, then plays from `from` at its own clock's rate.
    struct Player {
        var trackId: String?
        var from = 0.0
        var startsAt: Int64 = .max
        var pausedAt: Double?
        var rate = 1.0

        func position(_ t: Int64) -> Double {
            if let pausedAt { return pausedAt }
            return t < startsAt ? from : from + Double(t - startsAt) / 1000 * rate
        }
        func playing(_ t: Int64) -> Bool { pausedAt == nil && trackId != nil && t >= startsAt }
    }

    enum Message {
        case hostState(PlaybackSnapshot)
        case roomState(RoomState)
        case ping(from: Int, t0: Int64)
        case pong(ClockSample)
    }

    struct Envelope {
        var deliverAt: Int64
        var to: Int  // -1 server, 0 host, 1... listeners (odd: simulcast, even: seed), see `node`
        var message: Message
    }

    var scenario: SyncScenario
    var random: SeededGenerator
    var now: Int64 = 0
    var inFlight: [Envelope] = []
    var lastDelivery: [Int: Int64] = [:]

    init(scenario: SyncScenario) {
        self.scenario = scenario
        self.random = SeededGenerator(seed: scenario.seed)
    }

    mutating func draw(_ value: Double, _ jitter: Double) -> Double { value + jitter * Double.random(in: -1...1, using: &random) }

    /// Puts a message on the wire to `node` (FIFO per node, as a WebSocket is).
    mutating func send(_ message: Message, to node: Int) {
        var delay = max(0.1, draw(scenario.delayMs, scenario.jitterMs))
        if Double.random(in: 0..<1, using: &random) < scenario.loss { delay += 200 + scenario.delayMs }
        let at = max(now + Int64(delay * 1000), lastDelivery[node] ?? 0)
        lastDelivery[node] = at
        inFlight.append(Envelope(deliverAt: at, to: node, message: message))
    }

    mutating func run() -> (simulcast: Result, seed: Result) {
        let listenerCount = scenario.listeners
        // Nodes: 0 host; 1...n Simulcast listeners; n+1...2n seed listeners. Server is -1.
        var clocks: [DeviceClock] = [DeviceClock(offset: Int64(draw(0, scenario.clockOffsetMs) * 1000), ppm: draw(0, scenario.driftPPM))]
        for _ in 0..<listenerCount {
            let clock = DeviceClock(offset: Int64(draw(0, scenario.clockOffsetMs) * 1000), ppm: draw(0, scenario.driftPPM))
            clocks.append(clock)
        }
        for index in 0..<listenerCount { clocks.append(clocks[index + 1]) }  // each seed listener shares its twin's device
        var syncs = Array(repeating: ClockSync(), count: clocks.count)
        var policies = (0..<listenerCount).map { _ in FollowPolicy(configuration: .init(service: .appleMusic, storefront: "us", canScheduleStart: true)) }
        var players = clocks.indices.map { Player(rate: 1 + (clocks[$0].ppm / 1_000_000)) }
        var seedOffsets: [Int64?] = Array(repeating: nil, count: listenerCount)
        var seedTrack: [String?] = Array(repeating: nil, count: listenerCount)
        var room = RoomState.empty(at: 0)
        var host = HostPlayback()
        var result = (simulcast: Result(), seed: Result())

        let script = makeScript()
        var scriptIndex = 0
        let start: Int64 = 10_000_000  // 10 s of clock sync before the music
        var hostTrackStart: Int64 = 0
        var lastHeartbeat: Int64 = 0
        var nextPing = clocks.indices.map { _ in Int64(0) }
        var pingsSent = Array(repeating: 0, count: clocks.count)
        var lastTrace: Int64 = 0
        var previousTrack: String?
        let end = start + Int64((script.last?.at ?? 0) * 1_000_000) + 5_000_000

        let step: Int64 = 5_000
        while now < end {
            // Deliver what is due.
            inFlight.sort { $0.deliverAt < $1.deliverAt }
            while let first = inFlight.first, first.deliverAt <= now {
                inFlight.removeFirst()
                switch first.message {
                case .ping(let from, let t0):
                    send(.pong(ClockSample(t0: t0, t1: now, t2: now, t3: 0)), to: from)
                case .pong(var sample):
                    sample.t3 = clocks[first.to].local(now)
                    syncs[first.to].add(sample)
                    let seedIndex = first.to - 1 - listenerCount
                    if seedIndex >= 0, seedOffsets[seedIndex] == nil {
                        // The seed: "the offset between the system clock and the server date", from one fetch.
                        seedOffsets[seedIndex] = sample.t2 - sample.t3
                    }
                case .hostState(let snapshot):
                    room = room.applying(snapshot)
                    if let track = room.track?.source {
                        var withMatch = room.track!
                        withMatch.setMatch(
                            .matched(
                                TrackMetadata(
                                    service: .appleMusic, id: "am-" + track.id, title: track.title, artists: track.artists, durationMs: track.durationMs),
                                method: MatchMethod(.simulcast)), for: .appleMusic, storefront: "us")
                        room.track = withMatch
                    }
                    for listener in 1...(2 * listenerCount) { send(.roomState(room), to: listener) }
                case .roomState(let state):
                    if first.to <= listenerCount {
                        policies[first.to - 1].roomStateReceived(state)
                    } else {
                        // The seed reacts only to a new track: skip ahead by the time elapsed, nothing after.
                        let index = first.to - 1 - listenerCount
                        if let track = state.track?.source, track.id != seedTrack[index], let offset = seedOffsets[index] {
                            seedTrack[index] = track.id
                            let serverNow = clocks[first.to].local(now) + offset
                            let position = state.anchor.position(atServerTime: serverNow, playing: state.playing)
                            players[first.to].trackId = "am-" + track.id
                            players[first.to].from = position
                            players[first.to].pausedAt = nil
                            players[first.to].startsAt = now + Int64(draw(scenario.startLatencyMs, scenario.startJitterMs) * 1000)
                        }
                    }
                }
            }

            // Clock sync: a burst of 8 at connect, then one every 5 s.
            for node in clocks.indices where now >= nextPing[node] {
                send(.ping(from: node, t0: clocks[node].local(now)), to: -1)
                pingsSent[node] += 1
                nextPing[node] = now + (pingsSent[node] < 16 ? 50_000 : 2_000_000)
            }

            // The host's script, and heartbeats while playing.
            let hostLocal = clocks[0].local(now)
            var publish = false
            while scriptIndex < script.count, now >= start + Int64(script[scriptIndex].at * 1_000_000) {
                try? host.apply(script[scriptIndex].event, at: hostLocal)
                scriptIndex += 1
                publish = true
            }
            if host.playing, now - lastHeartbeat >= 5_000_000 { publish = true }
            if publish, let serverTime = syncs[0].serverTime(forClientTime: hostLocal) {
                send(.hostState(host.snapshot(at: hostLocal, serverTime: serverTime)), to: -1)
                lastHeartbeat = now
            }
            if host.track?.id != previousTrack {
                previousTrack = host.track?.id
                hostTrackStart = now
                for index in policies.indices { result.simulcast.corrections += policies[index].correctionsThisTrack }
                if host.track != nil { result.simulcast.trackStarts += listenerCount; result.seed.trackStarts += listenerCount }
            }

            // Simulcast listeners look at their player every 100 ms.
            if now % 100_000 == 0 {
                for index in 0..<listenerCount {
                    let node = index + 1
                    let local = clocks[node].local(now)
                    guard let serverTime = syncs[node].serverTime(forClientTime: local) else { continue }
                    let player = players[node]
                    let observation = PlayerObservation(
                        trackId: player.trackId, playing: player.playing(now), positionMs: player.position(now), serverTime: serverTime)
                    for command in policies[index].playerObserved(observation) {
                        apply(command, to: &players[node], clock: clocks[node], sync: syncs[node])
                    }
                }
            }

            // Measure: audible position against the host's, from 3 s after each track start.
            if now % 50_000 == 0, host.playing, let track = host.track, now - hostTrackStart >= 3_000_000 {
                let hostPosition = host.positionMs(at: hostLocal)
                for node in 1...(2 * listenerCount) {
                    let player = players[node]
                    let error = player.trackId == "am-" + track.id ? player.position(now) - hostPosition : 10_000
                    if node <= listenerCount { result.simulcast.errorsMs.append(abs(error)) } else { result.seed.errorsMs.append(abs(error)) }
                    if node == 1, now - lastTrace >= 1_000_000 {
                        result.simulcast.trace.append((Double(now - start) / 1e6, error))
                    }
                    if node == listenerCount + 1, now - lastTrace >= 1_000_000 {
                        result.seed.trace.append((Double(now - start) / 1e6, error))
                        lastTrace = now
                    }
                }
            }
            now += step
        }
        for index in policies.indices { result.simulcast.corrections += policies[index].correctionsThisTrack }
        return result
    }

    /// Carries out a policy command on a simulated player, with its latencies.
    mutating func apply(_ command: PlayerCommand, to player: inout Player, clock: DeviceClock, sync: ClockSync) {
        switch command {
        case .load(let id, let position, let play):
            player.trackId = id
            player.from = position
            player.pausedAt = play ? nil : position
            player.startsAt = now + Int64(draw(scenario.startLatencyMs, scenario.startJitterMs) * 1000)
        case .seek(let position, let play):
            let wasPlaying = player.pausedAt == nil
            player.from = position
            player.pausedAt = (play || wasPlaying) ? nil : position
            player.startsAt = now + Int64(draw(scenario.seekLatencyMs, scenario.seekJitterMs) * 1000)
        case .start(let id, let position, let serverTime):
            let latency = id == player.trackId ? draw(scenario.seekLatencyMs, scenario.seekJitterMs) : draw(scenario.startLatencyMs, scenario.startJitterMs)
            let ready = now + Int64(latency * 1000)
            // The listener turns server time into its own clock's reading; the player waits for that reading.
            let offset = sync.offset ?? 0
            let due = clock.trueTime(serverTime - offset)
            player.trackId = id
            player.from = position
            player.pausedAt = nil
            player.startsAt = max(ready, due) + Int64(draw(0, scenario.schedulePrecisionMs) * 1000)
        case .pause:
            player.pausedAt = player.position(now)
        case .stop:
            player.trackId = nil
        }
    }

    /// 30 tracks of 2.5 to 5 minutes, with pauses, seeks and skips, in seconds from the start.
    mutating func makeScript() -> [(at: Double, event: PlaybackEvent)] {
        var script: [(Double, PlaybackEvent)] = []
        var t = 0.0
        for index in 0..<scenario.tracks {
            let duration = Double.random(in: 150...300, using: &random)
            let track = TrackMetadata(service: .spotify, id: "t\(index)", title: "Track \(index)", artists: ["Artist"], durationMs: Int(duration * 1000))
            script.append((t, PlaybackEvent(event: .play, track: track, positionMs: 0)))
            var wall = duration
            let end = Double.random(in: 0..<1, using: &random) < 0.4 ? Double.random(in: 40...120, using: &random) : duration
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let at = Double.random(in: 10...min(30, end - 5), using: &random)
                let pause = Double.random(in: 2...8, using: &random)
                script.append((t + at, PlaybackEvent(event: .pause)))
                script.append((t + at + pause, PlaybackEvent(event: .resume)))
                t += pause
            }
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let at = Double.random(in: 32...min(38, end - 1), using: &random)
                let to = Double.random(in: 0...(duration - 60), using: &random)
                script.append((t + at, PlaybackEvent(event: .seek, positionMs: to * 1000)))
                wall = at + (duration - to)  // the seek moves the track's end
            }
            t += max(5, min(end, wall))
        }
        script.append((t, PlaybackEvent(event: .stop)))
        return script
    }
}
