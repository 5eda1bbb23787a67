import ArgumentParser
import Foundation
import NIOCore
import NIOPosix
import SimulcastCore

/// `simulcast-bench instructions`: the shipped server under valgrind's callgrind, driven over
/// real loopback sockets by the load benchmark's peers, counting the instructions it spends on
/// joins, on publishing and on nothing. A count is the same for the same binary and inputs
/// whatever else the machine is doing, which a wall-clock figure on a shared machine is not.
///
/// Two servers are counted, one with `--small` and one with `--large` listeners per room, the
/// same rooms and host states: the difference is the deliveries' (and joins') own cost, what is
/// left the host messages'. Each phase starts from zeroed counters and is dumped when its last
/// message has arrived; what the server spends a second idle (its timers) is counted last and
/// taken out of the other phases in proportion to their wall time. Callgrind counts user-space
/// instructions only: the kernel's share of a socket write is not in these figures.
struct InstructionBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instructions",
        abstract: "Instructions (valgrind callgrind) per delivery, per host message and per join, and an idle room's instructions a second.")

    @Option(help: "Listeners per room in the first count.") var small = 50
    @Option(help: "Listeners per room in the second count.") var large = 250
    @Option(help: "Rooms, each with its host and its listeners.") var rooms = 1
    @Option(help: "Host states each room's host publishes.") var states = 150
    @Option(help: "Seconds the idle server is counted.") var idleSeconds: Double = 10
    @Option(help: "Counts of each build, one after another (figures are their median).") var runs = 1
    @Option(help: "A `simulcast` executable to count instead of the one built beside this benchmark.") var serverBinary: String?
    @Option(help: "A baseline `simulcast` executable, counted on the same inputs after each count of this build.") var baselineBinary: String?
    @Option(help: "Keep callgrind's dumps in this folder (for callgrind_annotate or KCachegrind).") var keep: String?
    @Flag(help: "Print the result as JSON.") var json = false

    struct Build: Codable {
        var name: String
        var counts: [[InstructionCount]]
        var figures: [InstructionFigures]
    }

    struct Result: Codable {
        var small: Int
        var large: Int
        var rooms: Int
        var statesPerRoom: Int
        var builds: [Build]
    }

    func validate() throws {
        guard small >= 1, large > small else { throw ValidationError("--large must be more than --small, and --small at least 1") }
        guard rooms >= 1, states >= 1, runs >= 1, idleSeconds > 0 else { throw ValidationError("--rooms, --states and --runs must be at least 1") }
    }

    func run() async throws {
        guard ExternalTool.path("valgrind") != nil, ExternalTool.path("callgrind_control") != nil else {
            throw BenchError("valgrind is not installed (Debian: apt-get install valgrind)")
        }
        var builds = [(name: "this build", binary: serverBinary)]
        if let baselineBinary { builds.append((name: "baseline", binary: baselineBinary)) }
        var counted = builds.map { Build(name: $0.name, counts: [], figures: []) }
        // One client thread: the server under callgrind runs on one core at a time anyway.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        for run in 1...runs {
            // Builds alternate, so a slow drift on the machine touches both alike.
            for (index, build) in builds.enumerated() {
                var pair: [InstructionCount] = []
                for listeners in [small, large] {
                    progress("run \(run)/\(runs), \(build.name): \(rooms) room(s) of \(listeners) listeners, \(states) host states each")
                    pair.append(try await count(binary: build.binary, listenersPerRoom: listeners, label: "\(index)-\(run)-\(listeners)", group: group))
                }
                counted[index].counts.append(pair)
                counted[index].figures.append(try InstructionFigures(small: pair[0], large: pair[1]))
            }
        }
        try await group.shutdownGracefully()
        let result = Result(small: small, large: large, rooms: rooms, statesPerRoom: states, builds: counted)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(InstructionReport(result: result).text)
        }
    }

    private func progress(_ line: String) {
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }

    /// One server under callgrind: joins, publishing and idle counted apart.
    private func count(binary: String?, listenersPerRoom: Int, label: String, group: any EventLoopGroup) async throws -> InstructionCount {
        let folder =
            keep.map { URL(fileURLWithPath: $0) } ?? FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-callgrind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        let output = folder.appendingPathComponent("callgrind.\(label).%p.out").path
        let setup = try CallgrindSetup(binary: ServerProcess.executable(binary), folder: folder)
        let server = try ServerProcess(
            arguments: ServerProcess.liftedLimits(perNetwork: true), binary: setup.executable,
            launcher: ["valgrind", "-q", "--tool=callgrind", "--callgrind-out-file=\(output)"], environment: setup.environment)
        defer { server.stop() }
        try await server.waitUntilHealthy(within: .seconds(180))
        let control = CallgrindControl(pid: server.pid, output: output)
        let recorder = LoadRecorder()

        // Set-up, not counted: the rooms, their hosts and a first state each.
        var roomList: [(code: String, token: String)] = []
        for _ in 0..<rooms { roomList.append(try await BenchHTTP.createRoom(port: server.port, within: .seconds(60))) }
        var hosts: [any Channel] = []
        for room in roomList {
            let host = try await LoadClient.connect(group: group, port: server.port, room: room.code, role: .host, recorder: recorder).get()
            LoadClient.sendText(try LoadClient.hostHello(room: room.code, token: room.token), on: host)
            hosts.append(host)
        }
        try await publishFirstStates(hosts: hosts, rooms: roomList, port: server.port)

        try control.zero()
        var started = ContinuousClock.now
        var channels: [any Channel] = []
        for room in roomList {
            for _ in 0..<listenersPerRoom {
                channels.append(
                    try await LoadClient.connect(group: group, port: server.port, room: room.code, role: .listener(slow: false), recorder: recorder).get())
            }
        }
        try await Self.wait(for: "every listener's welcome", within: .seconds(600)) { recorder.snapshot().welcomed >= rooms * listenersPerRoom }
        // Presence follows joins within its tick: part of what joins cost.
        try await Task.sleep(for: .seconds(3))
        let joins = try control.dump("joins")
        let joinsSeconds = (ContinuousClock.now - started).inSeconds
        recorder.reset()

        try control.zero()
        started = ContinuousClock.now
        for round in 1...states {
            let roundStarted = ContinuousClock.now
            let sentAt = LoadRecorder.nowMicros()
            for host in hosts { LoadClient.sendText(LoadBenchmark.state(position: Double(round * 100), at: sentAt), on: host) }
            let expected = round * rooms * listenersPerRoom
            try await Self.wait(for: "host state \(round)'s deliveries", within: .seconds(120)) { recorder.snapshot().deliveries.count >= expected }
            // At most one state every 60 ms a room: under the server's 20 a second, so none is refused.
            try await Task.sleep(until: roundStarted + .milliseconds(60), clock: .continuous)
        }
        let publishing = try control.dump("publishing")
        let publishingSeconds = (ContinuousClock.now - started).inSeconds

        try control.zero()
        started = ContinuousClock.now
        try await Task.sleep(for: .seconds(idleSeconds))
        let idle = try control.dump("idle")
        let idleCounted = (ContinuousClock.now - started).inSeconds
        for channel in channels + hosts { try? await channel.close() }

        return InstructionCount(
            listenersPerRoom: listenersPerRoom, rooms: rooms, statesPerRoom: states, joins: joins.total, joinsSeconds: joinsSeconds,
            publishing: publishing.total, publishingSeconds: publishingSeconds, idle: idle.total, idleSeconds: idleCounted,
            publishingShares: publishing.shares().map { InstructionCount.Share(part: $0.part, instructions: $0.instructions) },
            publishingHeaviest: publishing.heaviest(15).map { .init(function: $0.function.name, object: $0.function.object, instructions: $0.instructions) })
    }

    /// Each host's first state, confirmed by the room's REST summary: the host has joined and
    /// its state is the room's before anything is counted.
    private func publishFirstStates(hosts: [any Channel], rooms roomList: [(code: String, token: String)], port: Int) async throws {
        let sentAt = LoadRecorder.nowMicros()
        // After its hello on the same connection, so the server reads it once the host has joined.
        for host in hosts { LoadClient.sendText(LoadBenchmark.state(position: 0, at: sentAt), on: host) }
        for room in roomList {
            try await Self.wait(for: "room \(room.code)'s first state", within: .seconds(120)) {
                guard let text = try? await BenchHTTP.get(port: port, path: "/v1/rooms/\(room.code)", within: .seconds(30)),
                    let summary = try? JSONDecoder().decode(RoomSummary.self, from: Data(text.utf8))
                else { return false }
                return summary.state.anchor.time.micros == sentAt
            }
        }
    }

    static func wait(for what: String, within limit: Duration, until done: () async -> Bool) async throws {
        let started = ContinuousClock.now
        while await !done() {
            guard ContinuousClock.now - started < limit else { throw BenchError("timed out after \(limit) waiting for \(what)") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
