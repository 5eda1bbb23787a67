/// The parameters of one simulated session. "X ± J" values draw X + J·U(-1, 1) afresh for
/// each message, start or seek.
public struct SyncScenario: Sendable {
    public init() {}

    public var delayMs = 80.0
    public var jitterMs = 40.0
    /// Chance a message is lost on the wire; WebSocket runs over TCP, so a loss costs a retransmission (200 ms), not the message.
    public var loss = 0.01
    /// Each participant's clock is off by up to this much, either way.
    public var clockOffsetMs = 2_000.0
    /// ... and runs fast or slow by up to this many parts per million (its audio too).
    public var driftPPM = 50.0
    public var startLatencyMs = 300.0
    public var startJitterMs = 150.0
    public var seekLatencyMs = 120.0
    public var seekJitterMs = 60.0
    public var tracks = 30
    public var listeners = 3
    public var seed: UInt64 = 1
    /// How precisely a player that can schedule starts on the instant.
    public var schedulePrecisionMs = 3.0
    /// The first listener's device clock steps once (nil: never).
    public var clockStep: ClockStep?
    /// The server restarts, or the first listener's network drops, once (nil: never).
    public var disruption: Disruption?
    /// Each participant's true output latency, player to ear (ms), drawn once per device from
    /// these ranges: the host's, and every listener's.
    public var hostOutputLatencyMs: ClosedRange<Double> = 0...0
    public var listenerOutputLatencyMs: ClosedRange<Double> = 0...0
    /// How far off each participant's estimate of its own output latency is, at most, either way.
    public var outputLatencyEstimateErrorMs = 0.0
    /// Whether Simulcast's participants use their estimates (false: the player-aligned
    /// Simulcast of before, to show what the ear would get without the model).
    public var compensatesOutputLatency = true

    /// What each listener plays on: a player on the device (the start and seek latencies
    /// above), or the listener's Spotify app followed through the Web API.
    public var listenerDevice = ListenerDevice.player
    /// Whether Simulcast's listeners' players can start on schedule (the Web Playback SDK
    /// page cannot: it starts at once and corrects with seeks).
    public var listenersCanSchedule = true

    public static let wan = SyncScenario()

    /// The wan network with each listener on their own Spotify app through Spotify Connect,
    /// with the latencies `SimulatedConnectDevice.Configuration` documents.
    public static var spotifyConnect: SyncScenario {
        var scenario = SyncScenario()
        scenario.listenerDevice = .spotifyConnect(SimulatedConnectDevice.Configuration())
        return scenario
    }

    /// The wan network with each listener on YouTube's embedded player (the listener page's
    /// choice for friends with no subscription), with the figures
    /// `SimulatedYouTubeIFrame.Configuration` documents: buffering 300-600 ms after each load
    /// and seek, time posted every 250 ms, a pre-roll ad of 5-15 s before a quarter of loads.
    public static var youTube: SyncScenario {
        var scenario = SyncScenario()
        scenario.listenerDevice = .youTube(SimulatedYouTubeIFrame.Configuration())
        return scenario
    }

    /// The same session with each listener on the Web Playback SDK in a browser instead: a
    /// player on the device that starts at once and corrects with seeks.
    public var onWebPlaybackSDK: SyncScenario {
        var scenario = self
        scenario.listenerDevice = .player
        scenario.listenersCanSchedule = false
        return scenario
    }

    /// The seed's own setup (an AirPod in one ear): the host on wired or built-in output
    /// (0-40 ms), listeners on Bluetooth (150-300 ms), each knowing its latency to within 15 ms.
    public static var bluetooth: SyncScenario {
        var scenario = SyncScenario()
        scenario.hostOutputLatencyMs = 0...40
        scenario.listenerOutputLatencyMs = 150...300
        scenario.outputLatencyEstimateErrorMs = 15
        return scenario
    }

    public static var lan: SyncScenario {
        var scenario = SyncScenario()
        scenario.delayMs = 2
        scenario.jitterMs = 1
        return scenario
    }
}
