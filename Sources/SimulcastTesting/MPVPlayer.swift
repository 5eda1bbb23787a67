import DBus
import Foundation
import MPRIS

#if canImport(Glibc)
    import Glibc
#endif

/// A real mpv (Debian's `mpv`) with the MPRIS plugin (`mpv-mpris`) on a given session bus,
/// playing into the null audio output at real speed, and reachable through its JSON IPC
/// socket, which tells the player's true position apart from what MPRIS reports.
public final class MPVPlayer: Sendable {
    public struct LaunchError: Error, CustomStringConvertible {
        public var description: String
    }

    let process: Process
    public let ipcPath: String

    /// Where the MPRIS plugin is (Debian's mpv-mpris), if installed.
    public static func mprisPlugin() -> String? {
        ["/usr/lib/mpv-mpris/mpris.so", "/etc/mpv/scripts/mpris.so"].first { FileManager.default.fileExists(atPath: $0) }
    }

    public static func executable() -> String? {
        ["/usr/bin/mpv", "/usr/local/bin/mpv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    init(process: Process, ipcPath: String) {
        self.process = process
        self.ipcPath = ipcPath
    }

    /// Starts an idle mpv on the bus at `busSocket`; returns once its IPC socket answers.
    public static func start(busSocket: String, folder: URL) async throws -> MPVPlayer {
        guard let executable = executable(), let plugin = mprisPlugin() else {
            throw LaunchError(description: "no mpv with mpv-mpris (install Debian's mpv and mpv-mpris)")
        }
        let ipc = folder.appendingPathComponent("mpv-\(UUID().uuidString.prefix(8)).sock").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--idle=yes", "--no-config", "--load-scripts=no", "--script=\(plugin)", "--ao=null", "--vo=null", "--no-video", "--no-terminal",
            "--hr-seek=yes", "--input-ipc-server=\(ipc)",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(busSocket)"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let player = MPVPlayer(process: process, ipcPath: ipc)
        let answers = await Poll.until(timeout: Patience.processStart, interval: .milliseconds(50)) { (try? player.property("idle-active")) != nil }
        guard answers else {
            player.stop()
            throw LaunchError(description: "mpv did not open its IPC socket")
        }
        return player
    }

    /// This mpv as an MPRIS player on `connection`'s bus, once its plugin has registered
    /// there: mpv answers on its IPC socket before the plugin's name is on the bus, and under
    /// a CPU hog a lookup right after the start found no player.
    public func mprisPlayer(on connection: DBusConnection) async throws -> MPRISPlayer {
        // Once it is there, or after the wait, the lookup says what it found.
        _ = await Poll.until(timeout: Patience.processStart, interval: .milliseconds(50)) { (try? await MPRISPlayer.find("mpv", on: connection)) != nil }
        return try await MPRISPlayer.find("mpv", on: connection)
    }

    /// Runs one IPC command (`["loadfile", path]`, `["set_property", "pause", true]`, ...) and returns its `data`.
    @discardableResult
    public func command(_ arguments: [Any]) throws -> Any? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LaunchError(description: "no socket") }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let pathBytes = Array(ipcPath.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in pathBytes.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw LaunchError(description: "cannot reach mpv's IPC socket") }
        var request = try JSONSerialization.data(withJSONObject: ["command": arguments, "request_id": 1])
        request.append(UInt8(ascii: "\n"))
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { throw LaunchError(description: "mpv closed its IPC socket") }
            received.append(contentsOf: buffer[0..<count])
            // Events may come first; the reply is the line with an "error" field.
            while let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                let line = received[received.startIndex..<newline]
                received.removeSubrange(received.startIndex...newline)
                guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let error = object["error"] as? String else { continue }
                guard error == "success" else { throw LaunchError(description: "mpv: \(error) for \(arguments)") }
                return object["data"]
            }
        }
    }

    public func property(_ name: String) throws -> Any? { try command(["get_property", name]) }

    /// The file playing now (nil when idle) and its playback position in ms.
    public func now() throws -> (path: String?, positionMs: Double?, paused: Bool) {
        let path = try? property("path") as? String
        let seconds = try? property("playback-time") as? Double
        let paused = (try? property("pause") as? Bool) ?? false
        return (path, seconds.map { $0 * 1000 }, paused)
    }

    /// Asks mpv to quit, and kills it if it has not within 2 s (its MPRIS plugin can hold it).
    public func stop() {
        guard process.isRunning else { return }
        _ = try? command(["quit"])
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
