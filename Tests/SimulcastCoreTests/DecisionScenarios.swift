import SimulcastCore

/// Scripted sessions for the shared decision table: a host timeline (room states arriving
/// 80 ms after each change, heartbeats that re-anchor), a player with latencies and drift
/// drawn from a seeded generator, and the follow policy observing it every 100 ms.
struct DecisionScenario {
    enum HostAction {
        case play(TrackMetadata, from: Double, queue: [TrackMetadata])
        case pause
        case resume
        case seek(Double)
        /// Nothing plays any more (the host stopped).
        case stop
        /// The host's connection goes, or comes back.
        case hostAway, hostBack
        /// The same recording, described better (tags after a file name, artwork): a re-publish.
        case retag
    }

    var name: String
    var configuration: RecordedScenario.Configuration
    var startLatencyMs: ClosedRange<Double> = 250...450
    var seekLatencyMs: ClosedRange<Double> = 60...140
    var driftPPM: Double = 0
    var seconds: Double
    var actions: [(atMs: Double, action: HostAction)]
    /// Tracks without a match on the listener's service.
    var unmatched: Set<String> = []
    /// Whether the host says what each state means (older hosts do not).
    var intents = true
    var heartbeatMicros: Int64 = 5_000_000
    /// What the listener's side tells the policy: a reconnect, a clock step.
    var listenerEvents: [(atMs: Double, event: RecordedScenario.ListenerEvent)] = []
    /// The (service, storefront) pairs the room has matched each track for.
    var pairs: [(service: MusicService, storefront: String)] = [(.appleMusic, "us")]
    /// The host's output latency (player to ear), in ms: its anchors say what it hears.
    var hostOutputLatencyMs: Double = 0
    /// The listener moves its output latency (a slider, a calibration) while it listens.
    var outputLatencyChanges: [(atMs: Double, outputLatencyMs: Double)] = []

    static let t0: Int64 = 1_800_000_000_000_000
    static let a = TrackMetadata(service: .spotify, id: "a", title: "A", artists: ["X"], durationMs: 180_000)
    static let b = TrackMetadata(service: .spotify, id: "b", title: "B", artists: ["X"], durationMs: 200_000)
    static let c = TrackMetadata(service: .spotify, id: "c", title: "C", artists: ["X"], durationMs: 150_000)

    func roomTrack(_ source: TrackMetadata) -> RoomTrack {
        var track = RoomTrack(source: source)
        for pair in pairs {
            if unmatched.contains(source.id) {
                track.setMatch(.notFound(method: MatchMethod(.simulcast), reasons: ["not in the catalog"]), for: pair.service, storefront: pair.storefront)
            } else {
                // The first scenarios' ids (am-a, ...) kept: their recorded decisions stand as they were.
                let id = (pair.service == .appleMusic && pair.storefront == "us" ? "am-" : "\(pair.service.rawValue)-\(pair.storefront)-") + source.id
                let target = TrackMetadata(service: pair.service, id: id, title: source.title, artists: source.artists, durationMs: source.durationMs)
                track.setMatch(.matched(target, method: MatchMethod(.simulcast)), for: pair.service, storefront: pair.storefront)
            }
        }
        return track
    }

    func record() -> RecordedScenario {
        var random = SeededGenerator(seed: UInt64(name.unicodeScalars.reduce(7) { $0 &* 31 &+ UInt64($1.value) }))
        var policy = FollowPolicy(configuration: configuration.policyConfiguration)
        policy.outputLatencyMs = configuration.outputLatencyMs ?? 0
        var player = DecisionPlayer()
        var steps: [RecordedScenario.Step] = []
        var room = RoomState(seq: 0, track: nil, anchor: PlaybackAnchor(positionMs: 0, at: ServerTime(micros: Self.t0)), playing: false, hostConnected: true)
        var deliveries: [(at: Int64, state: RoomState)] = []
        var actionIndex = 0
        var eventIndex = 0
        var changeIndex = 0
        var lastHeartbeat = Self.t0
        let end = Self.t0 + Int64(seconds * 1_000_000)
        var now = Self.t0
        while now <= end {
            // The host acts; its state reaches the listener 80 ms later.
            // The host's anchors say what it hears: its player's position, heard that much later.
            let heard = ServerTime(micros: now).advanced(byMilliseconds: hostOutputLatencyMs)
            while actionIndex < actions.count, Self.t0 + Int64(actions[actionIndex].atMs * 1000) <= now {
                let position = room.targetPositionMs(atServerTime: heard)
                switch actions[actionIndex].action {
                case .play(let track, let from, let queue):
                    room.track = roomTrack(track)
                    room.queue = queue.map(roomTrack)
                    room.anchor = PlaybackAnchor(positionMs: from, at: heard)
                    room.playing = true
                    room.intent = .play
                case .pause:
                    room.anchor = PlaybackAnchor(positionMs: position, at: heard)
                    room.playing = false
                    room.intent = .pause
                case .resume:
                    room.anchor = PlaybackAnchor(positionMs: position, at: heard)
                    room.playing = true
                    room.intent = .resume
                case .seek(let to):
                    room.anchor = PlaybackAnchor(positionMs: to, at: heard)
                    room.intent = .seek
                case .stop:
                    room.track = nil
                    room.queue = []
                    room.anchor = PlaybackAnchor(positionMs: 0, at: ServerTime(micros: now))
                    room.playing = false
                    room.intent = .pause
                case .hostAway:
                    room.hostConnected = false
                case .hostBack:
                    room.hostConnected = true
                case .retag:
                    if var track = room.track {
                        track.source.album = (track.source.album ?? "") + " (Deluxe)"
                        track.source.artworkURL = "https://art.example/" + track.source.id + ".jpg"
                        room.track = roomTrack(track.source)
                    }
                    room.anchor = PlaybackAnchor(positionMs: position, at: heard)
                    room.intent = .reanchor
                }
                if !intents { room.intent = nil }
                room.seq += 1
                deliveries.append((now + 80_000, room))
                lastHeartbeat = now
                actionIndex += 1
            }
            // Heartbeats re-anchor, off by up to 80 ms as the host's clock estimate moves; older
            // hosts (`intents: false`) do not say what they mean.
            if room.playing, now - lastHeartbeat >= heartbeatMicros {
                let wobble = Double.random(in: -80...80, using: &random)
                room.intent = intents ? .reanchor : nil
                room.anchor = PlaybackAnchor(positionMs: room.targetPositionMs(atServerTime: heard) + wobble, at: heard)
                room.seq += 1
                deliveries.append((now + 80_000, room))
                lastHeartbeat = now
            }
            while eventIndex < listenerEvents.count, Self.t0 + Int64(listenerEvents[eventIndex].atMs * 1000) <= now {
                let event = listenerEvents[eventIndex].event
                event.apply(to: &policy)
                steps.append(RecordedScenario.Step(event: event))
                eventIndex += 1
            }
            while changeIndex < outputLatencyChanges.count, Self.t0 + Int64(outputLatencyChanges[changeIndex].atMs * 1000) <= now {
                let latency = outputLatencyChanges[changeIndex].outputLatencyMs
                policy.outputLatencyMs = latency
                steps.append(RecordedScenario.Step(outputLatencyMs: latency))
                changeIndex += 1
            }
            while let first = deliveries.first, first.at <= now {
                deliveries.removeFirst()
                policy.roomStateReceived(first.state)
                steps.append(RecordedScenario.Step(room: first.state))
            }
            let reading = player.read(at: now, driftPPM: driftPPM)
            let observation = RecordedScenario.Observation(
                trackId: reading.trackId, playing: reading.playing, positionMs: reading.positionMs, serverTime: ServerTime(micros: now))
            let commands = policy.playerObserved(observation.observation)
            for command in commands {
                player.perform(
                    command, at: now, startLatencyMs: Double.random(in: startLatencyMs, using: &random),
                    seekLatencyMs: Double.random(in: seekLatencyMs, using: &random), precisionMs: Double.random(in: -3...3, using: &random))
            }
            steps.append(RecordedScenario.Step(observe: observation, commands: commands.map(RecordedCommand.init), syncErrorMs: policy.syncErrorMs))
            now += 100_000
        }
        return RecordedScenario(name: name, configuration: configuration, steps: steps)
    }
}

/// The table's player: silent while it starts or seeks, then plays at its own rate.
struct DecisionPlayer {
    var trackId: String?
    var from = 0.0
    var since: Int64 = .max
    var paused = true
    var switchTo: (trackId: String, positionMs: Double, at: Int64)?

    mutating func read(at now: Int64, driftPPM: Double) -> (trackId: String?, playing: Bool, positionMs: Double) {
        if let next = switchTo, now >= next.at {
            trackId = next.trackId
            from = next.positionMs
            since = next.at
            paused = false
            switchTo = nil
        }
        let playing = trackId != nil && !paused && now >= since
        let position = PlaybackPosition.after(from, elapsedMicros: now - since, playing: playing, rate: 1 + driftPPM / 1_000_000)
        return (trackId, playing, position)
    }

    mutating func perform(_ command: PlayerCommand, at now: Int64, startLatencyMs: Double, seekLatencyMs: Double, precisionMs: Double) {
        switch command {
        case .load(let id, let position, let play):
            trackId = id
            from = position
            since = now + Int64(startLatencyMs * 1000)
            paused = !play
        case .seek(let position, let play):
            from = position
            since = now + Int64(seekLatencyMs * 1000)
            paused = !play && paused
        case .start(let id, let position, let at):
            let ready = now + Int64((id == trackId ? seekLatencyMs : startLatencyMs) * 1000)
            let when = max(ready, at.micros) + Int64(precisionMs * 1000)
            if id != trackId, !paused, trackId != nil {
                switchTo = (id, position, when)
            } else {
                trackId = id
                from = position
                since = when
                paused = false
            }
        case .pause:
            let current = read(at: now, driftPPM: 0)
            from = current.positionMs
            paused = true
        case .stop:
            trackId = nil
            paused = true
        }
    }
}

enum DecisionScenarios {
    typealias Scenario = DecisionScenario
    static func configuration(
        scheduled: Bool, thresholdMs: Double = 35, nextOnTime: Bool = true, service: String = "apple-music", storefront: String = "us",
        page: Bool = false, outputLatencyMs: Double? = nil
    ) -> RecordedScenario.Configuration {
        .init(
            service: service, storefront: storefront, seekThresholdMs: thresholdMs, canScheduleStart: scheduled, startsNextTrackOnTime: nextOnTime,
            defaultStartLatencyMs: page ? 100 : nil, defaultSeekLatencyMs: page ? 100 : nil, outputLatencyMs: outputLatencyMs)
    }

    /// Rooms with listeners in several countries and services (issue 21: the table had one).
    static let manyPairs: [(service: MusicService, storefront: String)] = [(.appleMusic, "us"), (.deezer, "fr"), (.spotify, "gb")]

    static let all: [DecisionScenario] = [
        Scenario(
            name: "plain player: start, learn, pause, resume, seek", configuration: configuration(scheduled: false), seconds: 45,
            actions: [(0, .play(Scenario.a, from: 0, queue: [Scenario.b])), (20_000, .pause), (25_000, .resume), (35_000, .seek(100_000))]),
        Scenario(
            name: "scheduling player: start, learn, pause, resume, seek", configuration: configuration(scheduled: true), seconds: 45,
            actions: [(0, .play(Scenario.a, from: 0, queue: [Scenario.b])), (20_000, .pause), (25_000, .resume), (35_000, .seek(100_000))]),
        Scenario(
            name: "plain player: natural end, the next track on time", configuration: configuration(scheduled: false), seconds: 20,
            actions: [(0, .play(Scenario.a, from: 170_000, queue: [Scenario.b])), (10_000, .play(Scenario.b, from: 0, queue: [Scenario.c]))]),
        Scenario(
            name: "scheduling player: natural end, the next track on time", configuration: configuration(scheduled: true), seconds: 20,
            actions: [(0, .play(Scenario.a, from: 170_000, queue: [Scenario.b])), (10_000, .play(Scenario.b, from: 0, queue: [Scenario.c]))]),
        Scenario(
            name: "scheduling player: the host skips elsewhere near the end", configuration: configuration(scheduled: true), seconds: 16,
            actions: [(0, .play(Scenario.a, from: 170_000, queue: [Scenario.b])), (9_700, .play(Scenario.c, from: 0, queue: []))]),
        Scenario(
            name: "plain player: the track ends with nothing queued", configuration: configuration(scheduled: false), seconds: 14,
            actions: [(0, .play(Scenario.a, from: 172_000, queue: []))]),
        Scenario(
            name: "scheduling player 300 ppm fast: rate learned, starts aimed", configuration: configuration(scheduled: true), driftPPM: 300, seconds: 100,
            actions: [(0, .play(Scenario.a, from: 0, queue: [])), (70_000, .seek(20_000))]),
        Scenario(
            name: "plain player 400 ppm fast: corrected when the drift crosses the threshold", configuration: configuration(scheduled: false),
            driftPPM: 400, seconds: 150, actions: [(0, .play(Scenario.a, from: 0, queue: []))]),
        Scenario(
            name: "web page: threshold 60 ms, jittery seeks", configuration: configuration(scheduled: false, thresholdMs: 60), seekLatencyMs: 40...260,
            seconds: 40, actions: [(0, .play(Scenario.b, from: 30_000, queue: [])), (12_000, .seek(90_000)), (24_000, .seek(10_000))]),
        // A paused seek has no timing: the pause is placed within the configured threshold, not
        // the learned spread of jittery seeks (two mpv players stayed 56.6 ms apart through a pause).
        Scenario(
            name: "plain player, jittery seeks, then a pause: placed at the room's position", configuration: configuration(scheduled: false),
            seekLatencyMs: 40...260, seconds: 40,
            actions: [(0, .play(Scenario.b, from: 30_000, queue: [])), (8_000, .seek(90_000)), (16_000, .seek(10_000)), (26_050, .pause), (33_000, .resume)]),
        Scenario(
            name: "older host without intents: heartbeats judged by the 50 ms rule", configuration: configuration(scheduled: true), seconds: 45,
            actions: [(0, .play(Scenario.a, from: 0, queue: [Scenario.b])), (20_000, .pause), (25_000, .resume)], intents: false),
        Scenario(
            name: "slow seeks under frequent re-anchors: a re-anchor keeps the pending seek", configuration: configuration(scheduled: false),
            seekLatencyMs: 800...1_200, seconds: 30, actions: [(0, .play(Scenario.b, from: 0, queue: [])), (8_000, .seek(60_000)), (19_000, .seek(5_000))],
            heartbeatMicros: 600_000),
        Scenario(
            name: "slow seeks under frequent re-anchors, older host", configuration: configuration(scheduled: false),
            seekLatencyMs: 800...1_200, seconds: 30, actions: [(0, .play(Scenario.b, from: 0, queue: [])), (8_000, .seek(60_000)), (19_000, .seek(5_000))],
            intents: false, heartbeatMicros: 600_000),
        Scenario(
            name: "no match, then a matched track", configuration: configuration(scheduled: false), seconds: 12,
            actions: [(0, .play(Scenario.c, from: 0, queue: [])), (5_000, .play(Scenario.b, from: 0, queue: []))], unmatched: ["c"]),
        Scenario(
            name: "Deezer in France, in a room matched for three services", configuration: configuration(scheduled: false, service: "deezer", storefront: "fr"),
            seconds: 30,
            actions: [(0, .play(Scenario.a, from: 0, queue: [Scenario.b])), (12_000, .seek(90_000)), (20_000, .play(Scenario.b, from: 0, queue: []))],
            pairs: manyPairs),
        Scenario(
            name: "web page on Spotify in Britain: its defaults, pause and resume",
            configuration: configuration(scheduled: false, thresholdMs: 60, service: "spotify", storefront: "gb", page: true),
            seconds: 30, actions: [(0, .play(Scenario.b, from: 40_000, queue: [])), (10_000, .pause), (15_000, .resume)], pairs: manyPairs),
        Scenario(
            name: "another storefront is matched, this one is not: nothing plays", configuration: configuration(scheduled: false, storefront: "gb"),
            seconds: 10,
            actions: [(0, .play(Scenario.a, from: 10_000, queue: []))]),
        Scenario(
            name: "the host stops: no track, the player pauses", configuration: configuration(scheduled: false), seconds: 20,
            actions: [(0, .play(Scenario.a, from: 0, queue: [])), (8_000, .stop), (14_000, .play(Scenario.b, from: 0, queue: []))]),
        Scenario(
            name: "the host goes away and comes back while the song plays", configuration: configuration(scheduled: true), seconds: 30,
            actions: [(0, .play(Scenario.a, from: 0, queue: [])), (8_000, .hostAway), (20_000, .hostBack)]),
        Scenario(
            name: "the host's song is described better under the same id: not a host action", configuration: configuration(scheduled: false),
            seekLatencyMs: 400...600, seconds: 25, actions: [(0, .play(Scenario.a, from: 0, queue: [])), (9_000, .seek(60_000)), (9_150, .retag)]),
        Scenario(
            name: "the listener reconnects twice", configuration: configuration(scheduled: true), seconds: 30,
            actions: [(0, .play(Scenario.a, from: 0, queue: [Scenario.b])), (15_000, .seek(30_000))],
            listenerEvents: [(10_000, .connectionRestarted), (15_100, .connectionRestarted)]),
        Scenario(
            name: "the listener's clock steps: what it learned goes", configuration: configuration(scheduled: true), seconds: 30,
            actions: [(0, .play(Scenario.a, from: 0, queue: [])), (20_000, .seek(60_000))], listenerEvents: [(12_000, .clockStepped)]),
        // Issue 25: output latencies. The room follows the host's ear; each player is aimed its own latency ahead.
        Scenario(
            name: "plain player into Bluetooth headphones (220 ms): start, seek, the next track on time",
            configuration: configuration(scheduled: false, outputLatencyMs: 220), seconds: 30,
            actions: [(0, .play(Scenario.a, from: 160_000, queue: [Scenario.b])), (8_000, .seek(170_000)), (20_500, .play(Scenario.b, from: 0, queue: []))]),
        Scenario(
            name: "scheduling player (30 ms) with a host on a Bluetooth speaker (180 ms): pause, resume, next track",
            configuration: configuration(scheduled: true, outputLatencyMs: 30), seconds: 30,
            actions: [
                (0, .play(Scenario.a, from: 165_000, queue: [Scenario.b])), (6_000, .pause), (9_000, .resume), (18_500, .play(Scenario.b, from: 0, queue: [])),
            ],
            hostOutputLatencyMs: 180),
        Scenario(
            name: "web page: the listener moves the offset slider while playing",
            configuration: configuration(scheduled: false, thresholdMs: 60, service: "spotify", storefront: "gb", page: true), seconds: 30,
            actions: [(0, .play(Scenario.b, from: 20_000, queue: []))], pairs: manyPairs, hostOutputLatencyMs: 40,
            outputLatencyChanges: [(8_000, 250), (16_000, -120), (24_000, 0)]),
    ]
}
