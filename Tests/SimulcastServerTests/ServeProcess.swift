import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import ServiceHTTP
import SimulcastClient
import SimulcastTesting

/// `simulcast serve` as a real child process (the executable built beside the tests), for
/// tests that kill a node the way a crash would.
final class ServeProcess {
    let process = Process()
    let port: Int
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The executable `scripts/test.sh` builds before the tests, or nil.
    static var executable: URL? { BuiltExecutable.simulcast }

    init(databaseURL: String, extra: [String] = [], environment added: [String: String] = [:]) async throws {
        guard let executable = Self.executable else { throw ServeProcessError("build the server first: swift build --product simulcast") }
        port = try await Self.freePort()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "\(port)", "--offline", "--log-level", "error"] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["SIMULCAST_DATABASE_URL"] = databaseURL
        environment.merge(added) { _, new in new }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        if await Poll.until(timeout: Patience.processStart, interval: .milliseconds(50), { await Self.answers(baseURL) }) { return }
        throw ServeProcessError("simulcast serve did not start on port \(port)")
    }

    /// SIGKILL: nothing is closed or saved, as when a machine dies.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        _ = Self.waitForExit(process)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        _ = Self.waitForExit(process)
    }

    /// Waits for a child and returns its exit status (`Process.waitForExitStatus`).
    static func waitForExit(_ process: Process) -> Int32 { process.waitForExitStatus() }

    /// Whether a server (or a proxy in front of one) answers a room lookup.
    static func answers(_ baseURL: String) async -> Bool {
        do {
            _ = try await RoomsAPI(baseURL: baseURL, transport: .live).room(code: "AAAAAAAAAA")
            return true
        } catch {
            return false
        }
    }

    static func freePort() async throws -> Int { try await FreePort.next() }
}

struct ServeProcessError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
