import ArgumentParser
import Foundation
import NIOCore
import NIOPosix
import SimulcastCore

/// `simulcast-bench load`: the real server as child processes (one node, or K nodes sharing
/// a PostgreSQL database), N listeners over R rooms on NIO client threads, each room's host
/// publishing every `interval`; fan-out latency is host send to listener receive on the same
/// machine clock. With K nodes, room r's host is on node r mod K and its listeners are spread
/// over every node, so most deliveries cross nodes.
struct LoadBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load", abstract: "Fan-out latency, delivery, CPU and memory of server nodes under many listeners.")

    @Option(help: "Listeners in all.") var listeners = 1000
    @Option(help: "Rooms (listeners are spread evenly).") var rooms = 1
    @Option(help: "Seconds of publishing measured.") var duration: Double = 20
    @Option(help: "Milliseconds between a host's states.") var intervalMs = 500
    @Option(help: "A `simulcast` executable to run instead of the one built beside this benchmark (a baseline build).")
    var serverBinary: String?
    @Option(help: "Share of listeners that never read (0...1).") var slowShare: Double = 0
    @Option(help: "Listener connects and disconnects per second during the run.") var churn: Double = 0
    @Option(help: "Soak: run this many seconds of churn (listeners, hosts, rooms created and expiring) and compare resources at start and end.") var soak:
        Double?
    @Option(
        help:
            "When the rooms' hosts publish within each interval: spread (each at its own moment, as independent hosts do) or aligned (all at once, the worst case)."
    )
    var phase: Phase = .spread
    @Option(help: "Client event-loop threads (they share the machine with the server).") var clientThreads = 2
    @Option(help: "Server nodes; above 1 they share the PostgreSQL database of --database.") var nodes = 1
    @Option(help: "postgres://user:password@host:port/db the nodes share (default: SIMULCAST_DATABASE_URL); without one, a SQLite file.") var database: String?
    @Option(help: "Kill (SIGKILL) the last node this many seconds into the measured run; its peers reconnect to the next node.") var killNodeAfter: Double?
    @Flag(help: "Print each publish (send time, listeners reached, slowest ms) to standard error: shows a backlog forming or draining.") var timeline = false
    @Flag(help: "Print the result as JSON.") var json = false

    enum Phase: String, Codable, CaseIterable, ExpressibleByArgument { case spread, aligned }

    struct Result: Codable {
        var phase: Phase
        var listeners: Int
        var rooms: Int
        var slowShare: Double
        var churnPerSecond: Double
        var durationSeconds: Double
        var publishes: Int
        var expectedDeliveries: Int
        var delivered: Int
        var deliveredFraction: Double
        var latencyMs: [String: Double]
        var connectPerSecond: Double
        var serverCPUMicrosPerDelivery: Double
        var serverRSSKiBIdle: Int
        var serverRSSKiBPerIdleConnection: Double
        var serverRSSKiBEnd: Int
        var soak: Soak?
        var nodes: Int
        /// Deliveries to listeners on another node than their room's host.
        var crossNodeLatencyMs: [String: Double]?
        /// Changes announced through the database per second (as each node hears them).
        var busMessagesPerSecond: Double?
        var failover: Failover?
    }

    struct Failover: Codable {
        var listenersOnKilledNode: Int
        var recovered: Int
        /// From the kill to each of its listeners' first state from another node.
        var recoveryMs: [String: Double]
        /// Rooms whose stored state is at least the newest any listener received.
        var roomsKeepingLatestState: Int
    }

    struct Soak: Codable {
        var seconds: Double
        var start: Resources
        var end: Resources
        var afterClose: Resources
    }

    struct Resources: Codable {
        var rssKiB: Int
        var descriptors: Int
        var databaseBytes: Int
    }

    func run() async throws {
        // Builds before issue 22 have no cap per network, and no flag to lift it.
        var serverArguments = ServerProcess.liftedLimits(perNetwork: serverBinary == nil)
        if soak != nil { serverArguments += ["--room-expiry", "5", "--sweep-interval", "2"] }
        let databaseURL = database ?? ProcessInfo.processInfo.environment["SIMULCAST_DATABASE_URL"]
        guard nodes == 1 || databaseURL != nil else { throw BenchError("--nodes \(nodes) needs --database postgres://... (or SIMULCAST_DATABASE_URL)") }
        guard killNodeAfter == nil || nodes > 1 else { throw BenchError("--kill-node-after needs --nodes 2 or more") }
        var servers: [ServerProcess] = []
        defer { servers.forEach { $0.stop() } }
        for _ in 0..<max(1, nodes) { servers.append(try ServerProcess(arguments: serverArguments, databaseURL: databaseURL, binary: serverBinary)) }
        for node in servers { try await node.waitUntilHealthy() }
        let server = servers[0]
        let ports = servers.map(\.port)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: clientThreads)
        let recorder = LoadRecorder()

        var roomList: [(code: String, token: String)] = []
        for _ in 0..<max(1, rooms) { roomList.append(try await BenchHTTP.createRoom(port: server.port)) }
        let failover = LoadFailover(group: group, ports: ports, rooms: roomList.map(\.code), recorder: recorder)
        try await Task.sleep(for: .milliseconds(500))
        let rssBefore = servers.map(\.rssKiB).reduce(0, +)

        // Listeners, spread over the rooms; the first `slowShare` of each room never read.
        let slowCount = Int((Double(listeners) * slowShare).rounded())
        var channels: [(room: Int, slow: Bool, channel: any Channel)] = []
        var listenersPerNode = [Int](repeating: 0, count: ports.count)
        let connectStarted = ContinuousClock.now
        var pending: [(Int, Bool, EventLoopFuture<any Channel>)] = []
        for index in 0..<listeners {
            let room = index % roomList.count
            let slow = index < slowCount
            let node = (index / roomList.count) % ports.count
            listenersPerNode[node] += 1
            let tags = failover.listenerTags(room: room, node: node, recovering: false)
            pending.append(
                (
                    room, slow,
                    LoadClient.connect(group: group, port: ports[node], room: roomList[room].code, role: .listener(slow: slow), recorder: recorder, tags: tags)
                ))
            if pending.count == 200 || index == listeners - 1 {
                for (room, slow, future) in pending { channels.append((room, slow, try await future.get())) }
                pending.removeAll()
            }
        }
        // Connected is not joined: wait for every welcome, so joins are not measured as fan-out.
        while recorder.snapshot().welcomed < listeners - slowCount, (ContinuousClock.now - connectStarted) < .seconds(120) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let connectSeconds = (ContinuousClock.now - connectStarted).inSeconds
        try await Task.sleep(for: .seconds(2))
        let rssIdle = servers.map(\.rssKiB).reduce(0, +)

        var hosts: [any Channel] = []
        for (index, room) in roomList.enumerated() {
            hosts.append(try await Self.connectHost(room: room, port: ports[failover.hostNode(of: index)], group: group, recorder: recorder))
        }
        try await Task.sleep(for: .milliseconds(500))
        // One state per host first, so the room's track is matched before timing starts.
        let started = LoadRecorder.nowMicros()
        for host in hosts { LoadClient.sendText(Self.state(position: 0, at: started), on: host) }
        try await Task.sleep(for: .seconds(1))
        recorder.reset()

        let soakSeconds = soak ?? 0
        let measured = soak == nil ? duration : soakSeconds
        let cpuStart = servers.map(\.cpuSeconds).reduce(0, +)
        let busStart = await server.metric("simulcast_node_changes_total")
        var killed = false
        var publishes = 0
        var expected = 0
        let fastPerRoom = (0..<roomList.count).map { room in channels.filter { $0.room == room && !$0.slow }.count }
        var soakStart: Resources?
        var churnDebt = 0.0
        var extraRooms = 0
        let begin = ContinuousClock.now
        var tick = 0
        while (ContinuousClock.now - begin).inSeconds < measured {
            let tickStarted = ContinuousClock.now
            for (index, host) in hosts.enumerated() {
                if phase == .spread, index > 0 {
                    // Independent hosts publish at their own moments across the interval.
                    try await Task.sleep(until: tickStarted + .microseconds(intervalMs * 1000 * index / hosts.count), clock: .continuous)
                }
                if !host.isActive {
                    // Its node died: the host reconnects to the next one, as RoomConnection does.
                    let node = failover.next(after: failover.hostNode(of: index))
                    failover.moveHost(of: index, to: node)
                    guard let again = try? await Self.connectHost(room: roomList[index], port: ports[node], group: group, recorder: recorder) else { continue }
                    hosts[index] = again
                }
                let sentAt = LoadRecorder.nowMicros()
                LoadClient.sendText(Self.state(position: Double(sentAt - started) / 1000, at: sentAt), on: hosts[index])
                publishes += 1
                expected += fastPerRoom[index]
            }
            tick += 1
            if let killNodeAfter, !killed, (ContinuousClock.now - begin).inSeconds >= killNodeAfter {
                killed = true
                failover.markDead(ports.count - 1)
                recorder.killed(at: LoadRecorder.nowMicros())
                servers[ports.count - 1].kill()
            }
            let effectiveChurn = soak != nil ? max(churn, 20) : churn
            churnDebt += effectiveChurn * Double(intervalMs) / 1000
            while churnDebt >= 1, !channels.isEmpty {
                // A listener leaves and another joins the same room.
                churnDebt -= 1
                let victim = Int.random(in: 0..<channels.count)
                let leaving = channels[victim]
                if leaving.slow { continue }
                try? await leaving.channel.close()
                let replacement = try await LoadClient.connect(
                    group: group, port: server.port, room: roomList[leaving.room].code, role: .listener(slow: false), recorder: recorder
                ).get()
                channels[victim] = (leaving.room, false, replacement)
            }
            if soak != nil {
                // Rooms come and go: one new room a tick, used briefly and abandoned to expire.
                let room = try await BenchHTTP.createRoom(port: server.port)
                let visitor = try await LoadClient.connect(group: group, port: server.port, room: room.code, role: .listener(slow: false), recorder: recorder)
                    .get()
                try? await visitor.close()
                extraRooms += 1
                if tick % 10 == 0, let host = hosts.first {
                    // The first room's host drops and comes back.
                    try? await host.close()
                    let again = try await LoadClient.connect(group: group, port: server.port, room: roomList[0].code, role: .host, recorder: recorder).get()
                    LoadClient.sendText(try LoadClient.hostHello(room: roomList[0].code, token: roomList[0].token), on: again)
                    hosts[0] = again
                }
                if soakStart == nil, (ContinuousClock.now - begin).inSeconds >= min(30, soakSeconds / 4) {
                    soakStart = Resources(rssKiB: server.rssKiB, descriptors: server.openDescriptors, databaseBytes: server.databaseBytes)
                }
            }
            try await Task.sleep(until: tickStarted + .milliseconds(intervalMs), clock: .continuous)
        }
        try await Task.sleep(for: .seconds(2))
        let cpuEnd = servers.filter(\.process.isRunning).map(\.cpuSeconds).reduce(0, +)
        let busEnd = await server.metric("simulcast_node_changes_total")
        failover.stop()
        let book = recorder.snapshot()
        let latencies = book.latencies
        let delivered = latencies.filter { $0 < 30_000 }.count
        let percentiles = Percentiles(latencies)
        if timeline {
            // One line per publish: when it was sent, how many listeners got it, the slowest of them.
            for publish in book.perPublish {
                FileHandle.standardError.write(Data("\(publish.anchor) \(publish.receipts) \(String(format: "%.1f", publish.worstMs))\n".utf8))
            }
        }
        var soakReport: Soak?
        if soak != nil {
            let end = Resources(rssKiB: server.rssKiB, descriptors: server.openDescriptors, databaseBytes: server.databaseBytes)
            for (_, _, channel) in channels { try? await channel.close() }
            for host in hosts { try? await host.close() }
            try await Task.sleep(for: .seconds(8))
            let afterClose = Resources(rssKiB: server.rssKiB, descriptors: server.openDescriptors, databaseBytes: server.databaseBytes)
            soakReport = Soak(seconds: soakSeconds, start: soakStart ?? end, end: end, afterClose: afterClose)
        }
        var failoverReport: Failover?
        if killed {
            let recovery = Percentiles(book.recoveryMs)
            let newest = book.newestAnchorPerRoom
            var keeping = 0
            for (index, room) in roomList.enumerated() {
                let text = try await BenchHTTP.get(port: server.port, path: "/v1/rooms/\(room.code)")
                let summary = try JSONDecoder().decode(RoomSummary.self, from: Data(text.utf8))
                if summary.state.anchor.time.micros >= (newest[index] ?? 0) { keeping += 1 }
            }
            failoverReport = Failover(
                listenersOnKilledNode: listenersPerNode[ports.count - 1], recovered: book.recoveries.count,
                recoveryMs: ["p50": recovery.at(0.5), "p99": recovery.at(0.99), "max": recovery.sorted.last ?? .nan], roomsKeepingLatestState: keeping)
        }
        let crossNode = Percentiles(book.crossNodeLatencies)
        let result = Result(
            phase: phase, listeners: listeners, rooms: roomList.count, slowShare: slowShare, churnPerSecond: soak != nil ? max(churn, 20) : churn,
            durationSeconds: measured,
            publishes: publishes, expectedDeliveries: expected, delivered: delivered,
            deliveredFraction: expected > 0 ? Double(delivered) / Double(expected) : 0,
            latencyMs: ["p50": percentiles.at(0.5), "p99": percentiles.at(0.99), "max": percentiles.sorted.last ?? .nan],
            connectPerSecond: Double(listeners) / max(connectSeconds, 0.001),
            serverCPUMicrosPerDelivery: delivered > 0 ? (cpuEnd - cpuStart) * 1e6 / Double(delivered) : .nan,
            serverRSSKiBIdle: rssIdle, serverRSSKiBPerIdleConnection: Double(rssIdle - rssBefore) / Double(max(listeners, 1)),
            serverRSSKiBEnd: server.rssKiB, soak: soakReport, nodes: ports.count,
            crossNodeLatencyMs: ports.count > 1 ? ["p50": crossNode.at(0.5), "p99": crossNode.at(0.99), "max": crossNode.sorted.last ?? .nan] : nil,
            busMessagesPerSecond: ports.count > 1 ? (busEnd - busStart) / measured : nil, failover: failoverReport)
        try? await group.shutdownGracefully()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(result), as: UTF8.self))
        } else {
            print(Self.table(result))
        }
    }

    static func connectHost(room: (code: String, token: String), port: Int, group: any EventLoopGroup, recorder: LoadRecorder) async throws -> any Channel {
        let host = try await LoadClient.connect(group: group, port: port, room: room.code, role: .host, recorder: recorder).get()
        LoadClient.sendText(try LoadClient.hostHello(room: room.code, token: room.token), on: host)
        return host
    }

    static func state(position: Double, at serverTime: Int64) -> String {
        #"{"type":"host.state","v":1,"track":{"service":"spotify","id":"4PTG3Z6ehGkBFwjybzWkR8","title":"Never Gonna Give You Up","artists":["Rick Astley"],"durationMs":213573},"playing":true,"anchor":{"positionMs":\#(min(position, 200_000)),"serverTime":\#(serverTime)}}"#
    }

    static func table(_ r: Result) -> String {
        var lines = [
            "| listeners | rooms | phase | slow | churn/s | delivered | p50 ms | p99 ms | max ms | server µs/delivery | RSS KiB/idle conn | connects/s |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|",
            "| \(r.listeners) | \(r.rooms) | \(r.phase.rawValue) "
                + String(
                    format: "| %.0f %% | %.0f | %.2f %% | %.1f | %.1f | %.1f | %.1f | %.1f | %.0f |", r.slowShare * 100, r.churnPerSecond,
                    r.deliveredFraction * 100,
                    r.latencyMs["p50"] ?? 0, r.latencyMs["p99"] ?? 0, r.latencyMs["max"] ?? 0, r.serverCPUMicrosPerDelivery, r.serverRSSKiBPerIdleConnection,
                    r.connectPerSecond),
        ]
        if r.nodes > 1, let cross = r.crossNodeLatencyMs {
            lines.append("")
            lines.append("| nodes | cross-node p50 ms | cross-node p99 ms | cross-node max ms | bus messages/s |")
            lines.append("|---|---|---|---|---|")
            lines.append(
                "| \(r.nodes) "
                    + String(format: "| %.1f | %.1f | %.1f | %.1f |", cross["p50"] ?? 0, cross["p99"] ?? 0, cross["max"] ?? 0, r.busMessagesPerSecond ?? 0))
        }
        if let failover = r.failover {
            lines.append("")
            lines.append("| listeners on the killed node | followed again | p50 ms | p99 ms | max ms | rooms keeping their latest state |")
            lines.append("|---|---|---|---|---|---|")
            lines.append(
                "| \(failover.listenersOnKilledNode) | \(failover.recovered) "
                    + String(format: "| %.0f | %.0f | %.0f ", failover.recoveryMs["p50"] ?? 0, failover.recoveryMs["p99"] ?? 0, failover.recoveryMs["max"] ?? 0)
                    + "| \(failover.roomsKeepingLatestState) of \(r.rooms) |")
        }
        if let soak = r.soak {
            lines.append("")
            lines.append("| soak \(Int(soak.seconds)) s | RSS KiB | descriptors | database bytes |")
            lines.append("|---|---|---|---|")
            for (name, value) in [("start (after warm-up)", soak.start), ("end", soak.end), ("after every client left", soak.afterClose)] {
                lines.append("| \(name) | \(value.rssKiB) | \(value.descriptors) | \(value.databaseBytes) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
