import Foundation
import SimulcastCore
import Testing

/// One decision table for the Swift follow policy and the web page's port of it
/// (`Sources/SimulcastServer/Web/follow.js`): scripted sessions (a host playing, pausing,
/// seeking and changing tracks; a player with start and seek latencies and drift) are run
/// through `FollowPolicy`, every room state and player reading and every resulting command
/// recorded in `Tests/Fixtures/follow-decisions.json`. Swift must reproduce the table, and
/// so must follow.js under node. `SIMULCAST_UPDATE_SNAPSHOTS=1` rewrites it after a
/// deliberate change to the policy.
@Suite struct FollowDecisionTableTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/follow-decisions.json")

    @Test func swiftReproducesTheTable() throws {
        if ProcessInfo.processInfo.environment["SIMULCAST_UPDATE_SNAPSHOTS"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try encoder.encode(DecisionTable(scenarios: DecisionScenarios.all.map { $0.record() })).write(to: Self.file)
        }
        let table = try JSONDecoder().decode(DecisionTable.self, from: Data(contentsOf: Self.file))
        #expect(table.scenarios.count >= 24)
        #expect(table.scenarios.contains { ($0.configuration.outputLatencyMs ?? 0) > 100 }, "a listener on Bluetooth")
        #expect(table.scenarios.contains { $0.steps.contains { $0.outputLatencyMs != nil } }, "an output latency changed while listening")
        #expect(Set(table.scenarios.map(\.configuration.service)).count >= 3, "more than one service")
        #expect(table.scenarios.reduce(0) { $0 + $1.steps.filter { !($0.commands ?? []).isEmpty }.count } >= 30, "the table must exercise decisions")
        for scenario in table.scenarios {
            var policy = FollowPolicy(configuration: scenario.configuration.policyConfiguration)
            policy.outputLatencyMs = scenario.configuration.outputLatencyMs ?? 0
            for (index, step) in scenario.steps.enumerated() {
                step.event?.apply(to: &policy)
                if let latency = step.outputLatencyMs { policy.outputLatencyMs = latency }
                if let room = step.room { policy.roomStateReceived(room) }
                if let observation = step.observe {
                    let commands = policy.playerObserved(observation.observation).map(RecordedCommand.init)
                    #expect(commands == step.commands, "\(scenario.name), step \(index)")
                    #expect(policy.syncErrorMs == step.syncErrorMs, "\(scenario.name), step \(index): sync error")
                }
            }
        }
    }

    @Test(.enabled(if: NodeScript.node != nil, "needs node"))
    func followJSReproducesTheTable() throws {
        let (status, output) = try NodeScript.run("replay.js", Self.file.path)
        #expect(status == 0, "follow.js differs from the Swift policy:\n\(output)")
        #expect(output.contains("decisions agree"))
    }

    @Test func nodeIsThereWhereTheSystemTestsAreRequired() {
        if ProcessInfo.processInfo.environment["SIMULCAST_REQUIRE_SYSTEM_TESTS"] == "1" { #expect(NodeScript.node != nil, "install nodejs") }
    }
}

struct DecisionTable: Codable {
    var scenarios: [RecordedScenario]
}

struct RecordedScenario: Codable {
    struct Configuration: Codable {
        var service: String
        var storefront: String
        var seekThresholdMs: Double
        var canScheduleStart: Bool
        var startsNextTrackOnTime: Bool
        /// The page's own defaults (100 ms each) where set; the policy's otherwise.
        var defaultStartLatencyMs: Double?
        var defaultSeekLatencyMs: Double?
        /// The listener's output latency (player to ear); absent: zero.
        var outputLatencyMs: Double?

        var policyConfiguration: FollowPolicy.Configuration {
            FollowPolicy.Configuration(
                service: MusicService(rawValue: service), storefront: storefront, seekThresholdMs: seekThresholdMs,
                defaultStartLatencyMs: defaultStartLatencyMs ?? 300, defaultSeekLatencyMs: defaultSeekLatencyMs ?? 100, canScheduleStart: canScheduleStart,
                startsNextTrackOnTime: startsNextTrackOnTime)
        }
    }

    struct Observation: Codable {
        var trackId: String?
        var playing: Bool
        var positionMs: Double
        var serverTime: ServerTime

        var observation: ServerPlayerReading { ServerPlayerReading(trackId: trackId, playing: playing, positionMs: positionMs, at: serverTime) }
    }

    /// Something the listener's side tells the policy, apart from room states and readings.
    enum ListenerEvent: String, Codable {
        case connectionRestarted, clockStepped

        func apply(to policy: inout FollowPolicy) {
            switch self {
            case .connectionRestarted: policy.connectionRestarted()
            case .clockStepped: policy.clockStepped()
            }
        }
    }

    struct Step: Codable {
        var event: ListenerEvent?
        /// The listener's output latency changes to this (a slider, a calibration).
        var outputLatencyMs: Double?
        var room: RoomState?
        var observe: Observation?
        var commands: [RecordedCommand]?
        var syncErrorMs: Double?
    }

    var name: String
    var configuration: Configuration
    var steps: [Step]
}

/// A command as JSON: `{"kind": "load", "trackId", "positionMs", "play"}` and so on.
struct RecordedCommand: Codable, Equatable {
    var kind: String
    var trackId: String?
    var positionMs: Double?
    var play: Bool?
    var atServerTime: ServerTime?
    var reason: String?

    init(_ command: PlayerCommand) {
        switch command {
        case .load(let trackId, let positionMs, let play): self.init(kind: "load", trackId: trackId, positionMs: positionMs, play: play)
        case .seek(let positionMs, let play): self.init(kind: "seek", positionMs: positionMs, play: play)
        case .start(let trackId, let positionMs, let at): self.init(kind: "start", trackId: trackId, positionMs: positionMs, atServerTime: at)
        case .pause: self.init(kind: "pause")
        case .stop(let reason): self.init(kind: "stop", reason: reason)
        }
    }

    init(kind: String, trackId: String? = nil, positionMs: Double? = nil, play: Bool? = nil, atServerTime: ServerTime? = nil, reason: String? = nil) {
        self.kind = kind
        self.trackId = trackId
        self.positionMs = positionMs
        self.play = play
        self.atServerTime = atServerTime
        self.reason = reason
    }
}
