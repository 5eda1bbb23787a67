/// How long this device's sound takes from the player to the ear, and where that figure came
/// from: what the user set or measured (remembered per output device), else what the platform
/// reports, else nothing (zero, "not measured"). The page's output-latency.js uses the same order.
public struct OutputLatency: Hashable, Sendable, CustomStringConvertible {
    public enum Source: String, Hashable, Sendable {
        /// Given this time (`--output-latency-ms`, the slider, a calibration).
        case set
        /// Given before for this player or output device, and remembered.
        case remembered
        /// The sound system says so (PipeWire or PulseAudio's sink; the browser's AudioContext).
        case platform
        /// Nothing known: zero.
        case notCalibrated
    }

    public var milliseconds: Double
    public var source: Source

    /// An output latency is a few hundred ms (Bluetooth) either way (a manual offset may be
    /// negative to allow for the host's); past two seconds it is a mistake, skipped here and
    /// refused on the wire (`WireLimits`).
    public static let limitMs = 2_000.0

    public init(milliseconds: Double, source: Source) {
        self.milliseconds = milliseconds
        self.source = source
    }

    /// The first of: given now, remembered, reported by the platform; otherwise zero. A
    /// figure that is not a finite number within ±2 s is not one (`WireLimits`), and is skipped.
    public static func choose(given: Double?, remembered: Double?, platform: Double?) -> OutputLatency {
        func usable(_ value: Double?) -> Double? { value.flatMap { $0.isFinite && $0.magnitude <= limitMs ? $0 : nil } }
        if let given = usable(given) { return OutputLatency(milliseconds: given, source: .set) }
        if let remembered = usable(remembered) { return OutputLatency(milliseconds: remembered, source: .remembered) }
        if let platform = usable(platform), platform >= 0 { return OutputLatency(milliseconds: platform, source: .platform) }
        return OutputLatency(milliseconds: 0, source: .notCalibrated)
    }

    /// "220 ms (set by you)", "35 ms (reported by the sound system)", "0 ms (not measured)".
    public var description: String {
        let figure = "\(Int(milliseconds.rounded())) ms"
        switch source {
        case .set: return "\(figure) (set by you)"
        case .remembered: return "\(figure) (remembered for this output)"
        case .platform: return "\(figure) (reported by the sound system)"
        case .notCalibrated: return "\(figure) (not measured)"
        }
    }
}
