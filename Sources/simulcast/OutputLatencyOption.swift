import ArgumentParser
import SimulcastClient
import SimulcastCore

#if os(Linux)
    import MPRIS
#endif

/// `--output-latency-ms` on `host` and `listen`: how long sound takes from the player to your
/// ears (Bluetooth headphones: 150-300 ms). Given once, it is remembered for that player.
struct OutputLatencyOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "From the player to your ears, in ms (Bluetooth: 150-300; a negative value plays earlier). Remembered for this player.",
            valueName: "ms"))
    var outputLatencyMs: Double?

    func validate() throws {
        if let outputLatencyMs, !outputLatencyMs.isFinite || outputLatencyMs.magnitude > 2_000 {
            throw ValidationError("--output-latency-ms takes milliseconds between -2000 and 2000")
        }
    }

    /// The latency in force for `player` ("mpris:vlc", "simulated"): given (and remembered),
    /// remembered, the sound server's figure for a local player, or zero.
    func resolve(player: String, asksSoundServer: Bool, memory: OutputLatencyMemory = OutputLatencyMemory(path: OutputLatencyMemory.defaultPath()))
        throws -> OutputLatency
    {
        if let outputLatencyMs { try memory.remember(outputLatencyMs, for: player) }
        let remembered = outputLatencyMs == nil ? try memory.latency(for: player) : nil
        #if os(Linux)
            let platform = outputLatencyMs == nil && remembered == nil && asksSoundServer ? SoundServerLatency.read() : nil
        #else
            // The sound server asked is PipeWire or PulseAudio; a Mac's Core Audio is not asked yet.
            let platform: Double? = nil
        #endif
        return OutputLatency.choose(given: outputLatencyMs, remembered: remembered, platform: platform)
    }
}
