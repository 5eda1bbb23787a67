/// The fixed shape of a Simulcast fingerprint. Changing any of these changes the catalog
/// format's meaning, so the catalog records its version.
public enum FingerprintParameters {
    /// Everything is resampled to this rate: the band below 4 kHz carries the landmarks.
    public static let sampleRate = 8000
    /// 64 ms windows (15.6 Hz bins), four times overlapped.
    public static let fftSize = 512
    /// 16 ms hops: offsets are resolved to a frame, well inside 50 ms.
    public static let hop = 128
    public static var secondsPerFrame: Double { Double(hop) / Double(sampleRate) }
    /// Spectrum bins used for peaks (skipping DC and the top edge).
    public static let lowestBin = 3
    public static let highestBin = 240
    /// Peaks kept per second of audio, at most (the strongest over their surroundings).
    public static let peaksPerSecond = 18
    /// Targets paired with each anchor peak, and where they may lie.
    public static let fanOut = 6
    public static let maximumFrameGap = 63
    public static let maximumBinGap = 63
    /// Speeds searched when recognising: ±6 % in 0.25 % steps.
    public static let speedRange = 0.06
    public static let speedStep = 0.0025
    /// Shortest query worth trying.
    public static let minimumQuerySeconds = 1.0
}
