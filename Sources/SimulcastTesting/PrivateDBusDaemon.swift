import Foundation
import Synchronization

/// A `dbus-daemon` of the test's own, listening on a socket in a temporary folder, so tests
/// never touch the user's session bus. Needs Debian's `dbus` package (`.ci/run` installs it).
public final class PrivateDBusDaemon: Sendable {
    let process: Process
    let folder: URL
    public let socketPath: String
    /// Held open for the daemon's life so it never writes into a closed pipe.
    let addressPipe: Pipe

    public static func executable() -> String? {
        for candidate in ["/usr/bin/dbus-daemon", "/bin/dbus-daemon", "/usr/local/bin/dbus-daemon"]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return nil
    }

    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Whether the daemon printed its address, shared by the reader and the watchdog.
    final class PrintedFlag: Sendable {
        private let value = Mutex(false)
        func set() { value.withLock { $0 = true } }
        var isSet: Bool { value.withLock { $0 } }
    }

    public static func start() async throws -> PrivateDBusDaemon {
        guard let executable = executable() else { throw LaunchError(description: "no dbus-daemon (install Debian's dbus package)") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-dbus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <!-- A loaded test machine may take a while to finish a connection's handshake:
                   the daemon must not close it for that (its default allows 30 s). -->
              <limit name="auth_timeout">600000</limit>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        let configFile = folder.appendingPathComponent("bus.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        // The daemon prints its address only once it accepts connections; the socket file
        // alone appears at bind(), before listen(), and a connect then is refused.
        process.arguments = ["--config-file=\(configFile.path)", "--nofork", "--nopidfile", "--print-address"]
        let addressPipe = Pipe()
        process.standardOutput = addressPipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = addressPipe.fileHandleForReading
        // Set once the address is printed: the watchdog kills only a daemon that never got
        // there (on a stalled machine it could wake after a daemon that started fine).
        let printedAddress = PrintedFlag()
        let ready = Task.detached { () -> Bool in
            var printed = Data()
            while !printed.contains(UInt8(ascii: "\n")) {
                let chunk = reader.availableData
                if chunk.isEmpty { return false }
                printed.append(chunk)
            }
            printedAddress.set()
            return true
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(30))
            if !printedAddress.isSet, process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let started = await ready.value
        watchdog.cancel()
        guard started, process.isRunning, FileManager.default.fileExists(atPath: socket) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw LaunchError(description: "dbus-daemon did not start")
        }
        return PrivateDBusDaemon(process: process, folder: folder, socketPath: socket, addressPipe: addressPipe)
    }

    init(process: Process, folder: URL, socketPath: String, addressPipe: Pipe) {
        self.process = process
        self.addressPipe = addressPipe
        self.folder = folder
        self.socketPath = socketPath
    }

    /// The address to give clients, as DBUS_SESSION_BUS_ADDRESS.
    public var address: String { "unix:path=\(socketPath)" }

    public func stop() {
        if process.isRunning {
            // SIGKILL: a child of the test runner may inherit a mask that blocks SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
