import Foundation

/// The default sink's latency as PipeWire or PulseAudio reports it (`pactl`), for an MPRIS
/// player's output latency when the user has not given one. What the sound server knows: its
/// own buffers and the device's; a Bluetooth headset's codec and radio delay is often not in it,
/// so a measured or set figure always comes first.
public enum SoundServerLatency {
    /// The latency of the sink named `defaultSink` in `pactl list sinks` output, in ms; nil
    /// when the sink is not listed or says 0 (PipeWire reports 0 for a sink not running).
    public static func parse(listSinks: String, defaultSink: String) -> Double? {
        var inDefault = false
        for rawLine in listSinks.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Sink #") { inDefault = false }
            if line.hasPrefix("Name: ") { inDefault = line.dropFirst("Name: ".count) == defaultSink }
            // "Latency: 23456 usec, configured 25000 usec"
            guard inDefault, line.hasPrefix("Latency: ") else { continue }
            let figure = line.dropFirst("Latency: ".count).prefix { $0.isNumber || $0 == "." }
            guard let micros = Double(figure), micros > 0 else { return nil }
            return micros / 1000
        }
        return nil
    }

    /// Asks `pactl` (if installed and a sound server answers); nil otherwise, never an error:
    /// not knowing is an answer ("not measured").
    public static func read() -> Double? {
        guard let defaultSink = run(["get-default-sink"])?.trimmingCharacters(in: .whitespacesAndNewlines), !defaultSink.isEmpty,
            let sinks = run(["list", "sinks"])
        else { return nil }
        return parse(listSinks: sinks, defaultSink: defaultSink)
    }

    private static func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pactl"] + arguments
        // Numbers and field names in English whatever the user's locale.
        process.environment = ProcessInfo.processInfo.environment.merging(["LC_ALL": "C"]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
