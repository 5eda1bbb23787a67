import ArgumentParser
import Foundation
import SimulcastCore
import SyncSimulator

/// `simulcast-bench sync`: the deterministic simulator, Simulcast against the seed's method.
struct SyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Simulate a listening session in virtual time and measure sync error, Simulcast against the seed's method.")

    /// The network presets.
    enum Preset: String, CaseIterable, ExpressibleByArgument {
        case wan, lan, bluetooth
        case spotifyConnect = "spotify-connect"
        case youtube
        var scenario: SyncScenario {
            switch self {
            case .wan: .wan
            case .lan: .lan
            // The wan network, with the seed's AirPods: see SyncScenario.bluetooth.
            case .bluetooth: .bluetooth
            // The wan network, each listener on their own Spotify app: see SimulatedConnectDevice.
            case .spotifyConnect: .spotifyConnect
            // The wan network, each listener on YouTube's embedded player: see SimulatedYouTubeIFrame.
            case .youtube: .youTube
            }
        }
    }

    @Option(help: "Preset: \(Preset.allCases.map(\.rawValue).joined(separator: " or ")).")
    var scenario = Preset.wan
    @Option(help: "One-way network delay, ms.") var delayMs: Double?
    @Option(help: "Jitter on the delay, ± ms.") var jitterMs: Double?
    @Option(help: "Share of messages lost (each costs a TCP retransmission).") var loss: Double?
    @Option(help: "Clock offsets up to ± this, ms.") var clockOffsetMs: Double?
    @Option(help: "Clock (and audio) drift up to ± this, ppm.") var driftPpm: Double?
    @Option(help: "Player start latency, ms.") var startLatencyMs: Double?
    @Option(help: "Jitter on the start latency, ± ms.") var startJitterMs: Double?
    @Option(help: "Player seek latency, ms.") var seekLatencyMs: Double?
    @Option(help: "Jitter on the seek latency, ± ms.") var seekJitterMs: Double?
    @Option(help: "Tracks in the session.") var tracks: Int?
    @Option(help: "Random seed.") var seed: UInt64?
    @Option(help: "Write an SVG plot of error over time here.") var svg: String?
    @Option(help: "Step the first listener's device clock by this much, ms (with --clock-step-kind sleep: freeze it this long).")
    var clockStepMs: Double?
    @Option(help: "When its clock steps, seconds after the music starts.") var clockStepAt = 120.0
    @Option(help: "How the clock steps: \(ClockStep.Kind.allCases.map(\.rawValue).joined(separator: ", ")).") var clockStepKind = ClockStep.Kind.step
    @Option(
        help:
            "Cut connections once: \(Disruption.Kind.allCases.map(\.rawValue).joined(separator: ", ")) (the server restarts; the first listener's network drops)."
    )
    var disruption: Disruption.Kind?
    @Option(help: "When the disruption happens, seconds after the music starts.") var disruptionAt = 600.0
    @Option(help: "How long nobody (restart) or the first listener (drop) can connect, seconds (default: 2 for a restart, 10 for a drop).")
    var outageSeconds: Double?
    @Option(help: "The host's true output latency (player to ear), ms: a value or a range such as 0-40, drawn once.")
    var hostOutputLatencyMs: MillisecondRange?
    @Option(help: "Each listener's true output latency, ms: a value or a range such as 150-300, drawn once per listener.")
    var listenerOutputLatencyMs: MillisecondRange?
    @Option(help: "Each participant's estimate of its own output latency is off by up to ± this, ms.")
    var outputLatencyEstimateErrorMs: Double?
    @Option(help: "spotify-connect: from a Web API command to the device acting on it, ms (a value or MIN-MAX).")
    var connectCommandLatencyMs: MillisecondRange?
    @Option(help: "spotify-connect: the device buffering before a new track's audio, ms.") var connectStartBufferMs: MillisecondRange?
    @Option(help: "spotify-connect: the device buffering after a seek, ms.") var connectSeekBufferMs: MillisecondRange?
    @Option(help: "spotify-connect: from the device's change to the Web API knowing it, ms.") var connectReportDelayMs: MillisecondRange?
    @Option(help: "spotify-connect: a poll's round trip, ms.") var connectPollRoundTripMs: MillisecondRange?
    @Option(help: "youtube: buffering after each load and seek, ms (a value or MIN-MAX).") var youtubeBufferMs: MillisecondRange?
    @Option(help: "youtube: how often the iframe posts its time, ms.") var youtubeReportIntervalMs: Double?
    @Option(help: "youtube: the share of loads that show a pre-roll ad first (0-1).") var youtubeAdChance: Double?
    @Option(help: "youtube: a pre-roll ad's length, seconds (a value or MIN-MAX).") var youtubeAdSeconds: MillisecondRange?
    @Flag(help: "Print only the JSON summary.") var json = false
    @Flag(help: "Run the grid of network and player profiles instead (delay, jitter, loss, drift, start and seek latency) and list the worst cells.")
    var grid = false

    func run() async throws {
        var setup = scenario.scenario
        if let delayMs { setup.delayMs = delayMs }
        if let jitterMs { setup.jitterMs = jitterMs }
        if let loss { setup.loss = loss }
        if let clockOffsetMs { setup.clockOffsetMs = clockOffsetMs }
        if let driftPpm { setup.driftPPM = driftPpm }
        if let startLatencyMs { setup.startLatencyMs = startLatencyMs }
        if let startJitterMs { setup.startJitterMs = startJitterMs }
        if let seekLatencyMs { setup.seekLatencyMs = seekLatencyMs }
        if let seekJitterMs { setup.seekJitterMs = seekJitterMs }
        if let tracks { setup.tracks = tracks }
        if let seed { setup.seed = seed }
        if let clockStepMs { setup.clockStep = ClockStep(kind: clockStepKind, amountMs: clockStepMs, atSeconds: clockStepAt) }
        if let disruption { setup.disruption = Disruption(kind: disruption, atSeconds: disruptionAt, outageSeconds: outageSeconds) }
        if let hostOutputLatencyMs { setup.hostOutputLatencyMs = hostOutputLatencyMs.range }
        if let listenerOutputLatencyMs { setup.listenerOutputLatencyMs = listenerOutputLatencyMs.range }
        if let outputLatencyEstimateErrorMs { setup.outputLatencyEstimateErrorMs = outputLatencyEstimateErrorMs }
        if case .spotifyConnect(var device) = setup.listenerDevice {
            if let connectCommandLatencyMs { device.commandLatencyMs = connectCommandLatencyMs.range }
            if let connectStartBufferMs { device.startBufferMs = connectStartBufferMs.range }
            if let connectSeekBufferMs { device.seekBufferMs = connectSeekBufferMs.range }
            if let connectReportDelayMs { device.reportDelayMs = connectReportDelayMs.range }
            if let connectPollRoundTripMs { device.pollRoundTripMs = connectPollRoundTripMs.range }
            setup.listenerDevice = .spotifyConnect(device)
        }
        if case .youTube(var frame) = setup.listenerDevice {
            if let youtubeBufferMs { frame.bufferMs = youtubeBufferMs.range }
            if let youtubeReportIntervalMs { frame.reportIntervalMs = youtubeReportIntervalMs }
            if let youtubeAdChance { frame.adChance = youtubeAdChance }
            if let youtubeAdSeconds { frame.adSeconds = youtubeAdSeconds.range }
            setup.listenerDevice = .youTube(frame)
        }

        if grid {
            try await SyncGrid(base: setup).run(json: json)
            return
        }
        let simulation = SessionSimulation(scenario: setup)
        let (simulcast, seedMethod) = try await simulation.run()
        let step = simulation.clockStepReport
        // With output latencies, the ear is what counts: the same session again without the
        // model (same seed, same draws) shows what the listeners would have heard.
        let hasOutputLatency = setup.hostOutputLatencyMs.upperBound > 0 || setup.listenerOutputLatencyMs.upperBound > 0
        var ear: AtTheEar?
        if hasOutputLatency, let measured = simulation.atTheEar {
            var uncompensatedSetup = setup
            uncompensatedSetup.compensatesOutputLatency = false
            let uncompensated = SessionSimulation(scenario: uncompensatedSetup)
            _ = try await uncompensated.run()
            if let heard = uncompensated.atTheEar { ear = AtTheEar(simulcast: measured.simulcast, seed: measured.seed, uncompensated: heard.simulcast) }
        }
        // Spotify listeners have two ways in: beside the Connect follow, the same session with
        // the Web Playback SDK in a browser (a local player that starts at once).
        var webPlaybackSDK: SyncMetrics?
        if case .spotifyConnect = setup.listenerDevice {
            webPlaybackSDK = try await SessionSimulation(scenario: setup.onWebPlaybackSDK).run().simulcast
        }
        if let svg {
            try SyncPlot.svg(
                simulcast: ear?.simulcast.trace ?? simulcast.trace, seed: ear?.seed.trace ?? seedMethod.trace,
                title: "\(scenario): \(setup.delayMs) ± \(setup.jitterMs) ms one way, \(setup.tracks) tracks" + (ear == nil ? "" : ", at the ear")
            ).write(toFile: svg, atomically: true, encoding: .utf8)
        }
        if json {
            struct Output: Encodable {
                var simulcast: SyncMetrics.Report
                var seed: SyncMetrics.Report
                var webPlaybackSDK: SyncMetrics.Report?
                var atTheEar: AtTheEar.Report?
                var clockStep: ClockStepReport?
                var disruption: DisruptionReport?
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let output = Output(
                simulcast: simulcast.report, seed: seedMethod.report, webPlaybackSDK: webPlaybackSDK?.report, atTheEar: ear?.report, clockStep: step,
                disruption: simulation.disruptionReport)
            print(String(decoding: try encoder.encode(output), as: UTF8.self))
            return
        }
        print(
            "scenario \(scenario): one-way delay \(setup.delayMs) ± \(setup.jitterMs) ms, loss \(setup.loss), clocks ± \(setup.clockOffsetMs) ms and ± \(setup.driftPPM) ppm,"
        )
        if case .youTube = setup.listenerDevice {
            print("\(setup.tracks) tracks, \(setup.listeners) listeners, seed \(setup.seed)\n")
        } else {
            print(
                (webPlaybackSDK == nil ? "" : "the Web Playback SDK row's player: ")
                    + "start \(setup.startLatencyMs) ± \(setup.startJitterMs) ms, seek \(setup.seekLatencyMs) ± \(setup.seekJitterMs) ms, \(setup.tracks) tracks, \(setup.listeners) listeners, seed \(setup.seed)\n"
            )
        }
        if hasOutputLatency {
            print(
                "output latency, player to ear: host \(Self.span(setup.hostOutputLatencyMs)) ms, listeners \(Self.span(setup.listenerOutputLatencyMs)) ms, "
                    + "each estimated within ± \(setup.outputLatencyEstimateErrorMs) ms\n"
            )
        }
        if case .spotifyConnect(let device) = setup.listenerDevice {
            print(
                "Spotify Connect device: command \(Self.span(device.commandLatencyMs)) ms, buffering \(Self.span(device.startBufferMs)) ms (track) and "
                    + "\(Self.span(device.seekBufferMs)) ms (seek), reports \(Self.span(device.reportDelayMs)) ms late, clock \(Self.span(device.deviceClockErrorMs)) ms off, "
                    + "polls \(Self.span(device.pollRoundTripMs)) ms, \(device.requestsPer30s) requests per 30 s\n")
        }
        if case .youTube(let frame) = setup.listenerDevice {
            print(
                "YouTube's embedded player: buffering \(Self.span(frame.bufferMs)) ms after each load and seek, time posted every \(frame.reportIntervalMs) ms "
                    + "(\(Self.span(frame.reportDelayMs)) ms before the page has it), a pre-roll ad of \(Self.span(frame.adSeconds)) s before \(Int(frame.adChance * 100)) % of loads\n"
            )
        }
        var rows = [("simulcast", simulcast), ("seed", seedMethod)]
        if let webPlaybackSDK {
            rows = [("simulcast, Spotify Connect", simulcast), ("simulcast, Web Playback SDK", webPlaybackSDK), ("seed, Spotify Connect", seedMethod)]
        }
        if let ear {
            rows = [
                ("simulcast, at the player", simulcast), ("simulcast, at the ear", ear.simulcast), ("uncompensated simulcast, at the ear", ear.uncompensated),
                ("seed, at the ear", ear.seed),
            ]
        }
        let width = rows.map(\.0.count).max() ?? 10
        print(
            "method".padding(toLength: width, withPad: " ", startingAt: 0)
                + " steady p50/p95/p99 ms   transition p95 natural/skip ms   time to sync p50/p95 natural, skip ms   corrections/track"
                + (webPlaybackSDK == nil ? "" : "   commands/track, 429s"))
        for (name, metrics) in rows {
            let r = metrics.report
            let steady = String(format: "%.1f / %.1f / %.1f", r.steady.p50, r.steady.p95, r.steadyP99)
            let transition = String(format: "%.1f / %.1f", r.transition["naturalEnd"]!.p95, r.transition["skip"]!.p95)
            let sync = String(
                format: "%.0f/%.0f, %.0f/%.0f", r.timeToSyncMs["naturalEnd"]!.p50, r.timeToSyncMs["naturalEnd"]!.p95, r.timeToSyncMs["skip"]!.p50,
                r.timeToSyncMs["skip"]!.p95)
            print(
                "\(name.padding(toLength: width, withPad: " ", startingAt: 0)) \(steady.padding(toLength: 23, withPad: " ", startingAt: 0)) "
                    + "\(transition.padding(toLength: 32, withPad: " ", startingAt: 0)) \(sync.padding(toLength: 39, withPad: " ", startingAt: 0)) "
                    + "\(String(r.correctionsPerTrack).padding(toLength: 20, withPad: " ", startingAt: 0))"
                    + (r.commandsPerTrack.map { "\($0), \(r.rateLimited ?? 0)" } ?? "")
            )
        }
        if let ads = simulation.youTubeAds {
            print("\nSimulcast's listeners saw \(ads.shown) pre-roll ads and asked \(ads.seeksDuringAds) seeks while one played")
        }
        if let step {
            print(
                "\nclock \(step.kind) of \(step.amountMs) ms at \(step.atSeconds) s (steps seen: \(step.stepsDetected)); from the step showing, while the host is quiet:"
            )
            for (name, listener) in [("stepped", step.stepped), ("unstepped", step.other)] {
                let last = listener.lastOffAfterMs.map { String(format: "last over 50 ms at +%.0f ms", $0) } ?? "never over 50 ms"
                print(
                    "  \(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(last); \(listener.quietSamplesOver50Ms) of \(listener.quietSamples) samples over 50 ms, worst \(listener.maxQuietErrorMs) ms"
                )
            }
        }
        if let report = simulation.disruptionReport {
            print("\n\(report.kind) at \(report.atSeconds) s, \(report.outageSeconds) s without a connection; the next 60 s, while the host is quiet:")
            for listener in report.listeners {
                print(
                    "  listener \(listener.participant): worst \(listener.maxErrorMs) ms, \(listener.samplesOver50Ms) of \(listener.samples) samples over 50 ms, "
                        + "in sync again \(String(format: "%.2f", listener.backInSyncAfterMs / 1000)) s after it began, \(listener.reconnects) connection(s) made"
                )
            }
        }
        if let svg { print("\nplot: \(svg)") }
    }
}

extension SyncBenchmark {
    static func span(_ range: ClosedRange<Double>) -> String {
        range.lowerBound == range.upperBound ? "\(Int(range.lowerBound))" : "\(Int(range.lowerBound))-\(Int(range.upperBound))"
    }
}

extension ClockStep.Kind: ExpressibleByArgument {}
extension Disruption.Kind: ExpressibleByArgument {}
