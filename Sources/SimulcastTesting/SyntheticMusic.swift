import Fingerprint
import Foundation

/// Audio the tests make themselves: melodies of harmonic notes with envelopes and
/// occasional noise hits, from a seed, so each "track" is distinct and repeatable.
public enum SyntheticMusic {
    public struct Generator {
        public var state: UInt64
        public init(state: UInt64) { self.state = state }
        public mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11
        }
        public mutating func unit() -> Double { Double(next() % 1_000_000) / 1_000_000 }
    }

    /// `tempo` plays the same notes faster (1.03: 3 % faster) and `cents` transposes them,
    /// each without the other, as a DJ's tempo or key control does.
    public static func track(seed: UInt64, seconds: Double, rate: Int = 8000, tempo: Double = 1, cents: Double = 0) -> AudioSamples {
        var random = Generator(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1)
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        var time = 0.0
        while time < seconds {
            let length = (0.12 + 0.3 * random.unit()) / tempo
            let pitch = 110 * pow(2, Double(random.next() % 36) / 12 + cents / 1200)  // three octaves
            let start = Int(time * Double(rate))
            let count = min(samples.count - start, Int(length * Double(rate)))
            let loud = 0.2 + 0.3 * random.unit()
            for index in 0..<max(0, count) {
                let t = Double(index) / Double(rate)
                let envelope = min(1, t * 40) * exp(-3 * t)
                var value = 0.0
                for harmonic in 1...4 { value += sin(2 * .pi * pitch * Double(harmonic) * t) / Double(harmonic) }
                samples[start + index] += Float(loud * envelope * value * 0.5)
            }
            if random.unit() < 0.2 {  // a drum hit: a short burst of noise
                for index in 0..<min(400, samples.count - start) { samples[start + index] += Float((random.unit() - 0.5) * 0.6 * exp(-Double(index) / 80)) }
            }
            time += length * (0.5 + 0.5 * random.unit())
        }
        return AudioSamples(samples: samples, sampleRate: rate)
    }

    public static func excerpt(_ audio: AudioSamples, from start: Double, seconds: Double) -> AudioSamples {
        let first = Int(start * Double(audio.sampleRate))
        let count = Int(seconds * Double(audio.sampleRate))
        return AudioSamples(samples: Array(audio.samples[first..<min(audio.samples.count, first + count)]), sampleRate: audio.sampleRate)
    }

    /// The same audio played `speed` times as fast (pitch and tempo together, like a record).
    public static func played(_ audio: AudioSamples, speed: Double) -> AudioSamples {
        Resampler.resample(AudioSamples(samples: audio.samples, sampleRate: Int((Double(audio.sampleRate) * speed).rounded())), to: audio.sampleRate)
    }

    public static func noise(seconds: Double, seed: UInt64, rate: Int = 8000) -> AudioSamples {
        var random = Generator(state: seed)
        return AudioSamples(samples: (0..<Int(seconds * Double(rate))).map { _ in Float(random.unit() - 0.5) * 0.5 }, sampleRate: rate)
    }

    public static func mixed(_ audio: AudioSamples, with noise: AudioSamples, snrDB: Double) -> AudioSamples {
        func power(_ samples: [Float]) -> Double { samples.reduce(0) { $0 + Double($1 * $1) } / Double(max(1, samples.count)) }
        let gain = Float(sqrt(power(audio.samples) / (power(noise.samples) * pow(10, snrDB / 10))))
        return AudioSamples(samples: zip(audio.samples, noise.samples).map { $0 + gain * $1 }, sampleRate: audio.sampleRate)
    }

    /// 16-bit PCM WAV bytes.
    public static func wav(_ audio: AudioSamples, channels: Int = 1) -> Data {
        audio.wavData(channels: channels)
    }
}
