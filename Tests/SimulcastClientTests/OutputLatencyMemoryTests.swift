import Foundation
import SimulcastClient
import Testing

/// `--output-latency-ms` is given once per player and remembered in the config folder.
@Suite struct OutputLatencyMemoryTests {
    static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("simulcast-latency-\(UUID().uuidString)/output-latency.json").path
    }

    @Test func eachPlayerKeepsItsOwnFigure() throws {
        let memory = OutputLatencyMemory(path: Self.temporaryPath())
        defer { try? FileManager.default.removeItem(atPath: (memory.path as NSString).deletingLastPathComponent) }
        #expect(try memory.latency(for: "mpris:vlc") == nil)
        try memory.remember(215, for: "mpris:vlc")
        try memory.remember(-40, for: "simulated")
        try memory.remember(190, for: "mpris:vlc")
        #expect(try memory.latency(for: "mpris:vlc") == 190)
        #expect(try memory.latency(for: "simulated") == -40)
        #expect(try memory.latency(for: "spotify") == nil)
    }

    @Test func aDamagedFileSaysSoAndIsReplacedByTheNextFigure() throws {
        let memory = OutputLatencyMemory(path: Self.temporaryPath())
        defer { try? FileManager.default.removeItem(atPath: (memory.path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (memory.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: memory.path))
        #expect(throws: OutputLatencyMemory.Unreadable.self) { try memory.latency(for: "mpris") }
        do { _ = try memory.latency(for: "mpris") } catch { #expect(error.description.contains("--output-latency-ms")) }
        try memory.remember(120, for: "mpris")
        #expect(try memory.latency(for: "mpris") == 120)
    }
}
