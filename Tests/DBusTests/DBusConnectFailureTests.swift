import DBus
import Foundation
import Testing

/// A bus that is gone (a socket file nobody listens on, as a bus leaves behind when it dies)
/// is an error to the caller, every time: the MPRIS sources reconnect to such a bus in a loop.
@Suite struct DBusConnectFailureTests {
    @Test func aSocketNobodyListensOnIsAnError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-dbus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("bus").path
        // A Unix socket bound and closed again: the file stays, nobody accepts.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(descriptor)
        #expect(bound == 0)
        for _ in 0..<20 {
            await #expect(throws: DBusError.self) { _ = try await DBusConnection.connect(path: path) }
        }
    }
}
