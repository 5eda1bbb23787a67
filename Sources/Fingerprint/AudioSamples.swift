/// Mono audio as floats in -1...1 at a sample rate.
public struct AudioSamples: Sendable {
    public var samples: [Float]
    public var sampleRate: Int

    public init(samples: [Float], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    public var seconds: Double { Double(samples.count) / Double(sampleRate) }
}
