import Foundation

/// `simulcast serve` as a child process of a benchmark, with its resource use read from /proc.
final class ServerProcess {
    let process = Process()
    let port: Int
    let database: String

    /// - Parameter databaseURL: a PostgreSQL URL several nodes share (passed in the environment,
    ///   out of `ps`); nil gives this node a SQLite file of its own.
    /// - Parameter binary: another `simulcast` executable; by default the one built beside this benchmark.
    /// - Parameter launcher: a command the server runs under (valgrind's callgrind); its process
    ///   is the server's, as valgrind runs the program in its own process.
    /// - Parameter environment: variables added to the server's (the launcher's) environment.
    init(arguments extra: [String], databaseURL: String? = nil, binary path: String? = nil, launcher: [String] = [], environment added: [String: String] = [:])
        throws
    {
        port = try Self.freePort()
        let binary = try Self.executable(path)
        var arguments = ["serve", "--port", "\(port)", "--offline", "--log-level", "error"]
        var environment = ProcessInfo.processInfo.environment.merging(added) { _, new in new }
        if let databaseURL {
            database = ""
            environment["SIMULCAST_DATABASE_URL"] = databaseURL
        } else {
            database = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-load-\(UUID().uuidString).sqlite").path
            arguments += ["--database", database]
        }
        process.environment = environment
        if let tool = launcher.first {
            guard let toolPath = ExternalTool.path(tool) else { throw BenchError("\(tool) is not installed") }
            process.executableURL = URL(fileURLWithPath: toolPath)
            process.arguments = launcher.dropFirst() + [binary.path] + arguments + extra
        } else {
            process.executableURL = binary
            process.arguments = arguments + extra
        }
        process.standardOutput = FileHandle.nullDevice
        try process.run()
    }

    /// `path`, or the `simulcast` built beside this benchmark; an error saying how to build it.
    static func executable(_ path: String?) throws -> URL {
        let binary =
            path.map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("simulcast")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw BenchError("build the server first: swift build -c release --product simulcast (looked for \(binary.path))")
        }
        return binary
    }

    /// The server's per-address, per-room and creation limits lifted: a benchmark is one address
    /// making thousands of connections. `perNetwork`: the build has the per-network cap's flag.
    static func liftedLimits(perNetwork: Bool) -> [String] {
        [
            "--max-connections", "60000", "--max-connections-per-address", "60000", "--max-listeners-per-room", "60000", "--room-creations-per-minute",
            "1000000",
        ] + (perNetwork ? ["--max-connections-per-network", "60000"] : [])
    }

    /// SIGKILL: the node dies without closing anything, as a crashed machine would.
    func kill() {
        Foundation.kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// A counter's value from the node's /metrics (summed over its label sets); NaN when the
    /// node does not have it (an older build).
    func metric(_ name: String) async -> Double {
        guard let text = try? await BenchHTTP.get(port: port, path: "/metrics") else { return .nan }
        let values = text.split(separator: "\n").filter { $0.hasPrefix(name + " ") || $0.hasPrefix(name + "{") }
            .compactMap { $0.split(separator: " ").last.flatMap { Double($0) } }
        return values.isEmpty ? .nan : values.reduce(0, +)
    }

    var pid: Int32 { process.processIdentifier }

    /// - Parameter limit: how long the server may take to answer (far longer under valgrind).
    func waitUntilHealthy(within limit: Duration = .seconds(10)) async throws {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < limit {
            guard process.isRunning else { throw BenchError("the server exited with status \(process.terminationStatus) before it answered") }
            if let _ = try? await BenchHTTP.get(port: port, path: "/healthz") { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw BenchError("the server did not answer /healthz within \(limit)")
    }

    /// Resident memory in KiB.
    var rssKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    /// User plus system CPU time in seconds.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / ticks
    }

    var openDescriptors: Int { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0 }

    var databaseBytes: Int {
        guard !database.isEmpty else { return 0 }
        return [database, database + "-wal"].reduce(0) { total, path in total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        guard !database.isEmpty else { return }
        for path in [database, database + "-wal", database + "-shm"] { try? FileManager.default.removeItem(atPath: path) }
    }

    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BenchError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
