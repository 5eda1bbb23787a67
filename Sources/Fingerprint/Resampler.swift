import Foundation

/// Brings audio to the fingerprint's rate: a windowed-sinc low-pass below the new Nyquist
/// frequency, then linear interpolation. Plenty for landmarks below 4 kHz.
public enum Resampler {
    public static func resample(_ audio: AudioSamples, to rate: Int) -> AudioSamples {
        guard audio.sampleRate != rate, !audio.samples.isEmpty else { return audio }
        var source = audio.samples
        if audio.sampleRate > rate { source = lowPass(source, cutoff: 0.45 * Double(rate) / Double(audio.sampleRate)) }
        let step = Double(audio.sampleRate) / Double(rate)
        let count = Int(Double(source.count) / step)
        var output = [Float](repeating: 0, count: count)
        source.withUnsafeBufferPointer { input in
            for index in 0..<count {
                let position = Double(index) * step
                let left = Int(position)
                let fraction = Float(position - Double(left))
                let right = min(left + 1, input.count - 1)
                output[index] = input[left] * (1 - fraction) + input[right] * fraction
            }
        }
        return AudioSamples(samples: output, sampleRate: rate)
    }

    /// `cutoff` as a fraction of the sample rate.
    static func lowPass(_ samples: [Float], cutoff: Double) -> [Float] {
        let halfWidth = 16
        let taps: [Float] = (-halfWidth...halfWidth).map { n in
            let x = Double(n)
            let sinc = n == 0 ? 2 * cutoff : sin(2 * Double.pi * cutoff * x) / (Double.pi * x)
            let window = 0.54 + 0.46 * cos(Double.pi * x / Double(halfWidth + 1))
            return Float(sinc * window)
        }
        var output = [Float](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { input in
            taps.withUnsafeBufferPointer { taps in
                let count = input.count
                for index in 0..<count {
                    var sum: Float = 0
                    let low = max(0, index - halfWidth)
                    let high = min(count - 1, index + halfWidth)
                    for source in low...high { sum += input[source] * taps[source - index + halfWidth] }
                    output[index] = sum
                }
            }
        }
        return output
    }
}
