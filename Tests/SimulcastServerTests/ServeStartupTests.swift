import Foundation
import SimulcastTesting
import Testing

/// `simulcast serve` on PostgreSQL runs the pool and the change listener as services of its
/// group and prepares the store before binding: a database it cannot use is a clear error
/// and a prompt exit, not a hang or a server answering 503s.
@Suite struct ServeStartupTests {
    @Test(.enabled(if: BuiltExecutable.simulcast != nil, "build the server first: swift build --product simulcast"))
    func anUnusableDatabaseEndsServeWithAClearErrorWithoutThePassword() async throws {
        let executable = try #require(BuiltExecutable.simulcast)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "\(try await ServeProcess.freePort())", "--offline", "--log-level", "error"]
        var environment = ProcessInfo.processInfo.environment
        environment["SIMULCAST_DATABASE_URL"] = "postgres://simulcast:hunter2-secret@127.0.0.1:1/simulcast?sslmode=disable"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let exited = await Poll.until(timeout: .seconds(30), interval: .milliseconds(50)) { !process.isRunning }
        if !exited { process.terminate() }
        #expect(exited, "serve kept running without its database")
        let status = ServeProcess.waitForExit(process)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(status != 0)
        #expect(text.contains("cannot use database postgres://simulcast@127.0.0.1:1/simulcast"), "\(text)")
        #expect(!text.contains("hunter2"))
    }
}
