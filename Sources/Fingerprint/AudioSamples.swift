import Foundation

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

extension AudioSamples {
    /// 16-bit PCM WAV bytes, the mono signal written to every channel.
    public func wavData(channels: Int = 1) -> Data {
        var data = Data()
        func put32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        func put16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) } }
        let bytes = samples.count * 2 * channels
        data.append(contentsOf: Array("RIFF".utf8))
        put32(UInt32(36 + bytes))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        put32(16)
        put16(1)
        put16(UInt16(channels))
        put32(UInt32(sampleRate))
        put32(UInt32(sampleRate * 2 * channels))
        put16(UInt16(2 * channels))
        put16(16)
        data.append(contentsOf: Array("data".utf8))
        put32(UInt32(bytes))
        for sample in samples {
            let value = UInt16(bitPattern: Int16(max(-1, min(1, sample)) * 32767))
            for _ in 0..<channels { put16(value) }
        }
        return data
    }
}
