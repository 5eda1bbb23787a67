import Fingerprint
import Foundation

/// Sixty seconds each of white, pink and babble noise at 44.1 kHz: white and pink from a
/// seeded generator (pink by Paul Kellet's filter), babble from six espeak-ng talkers.
struct NoiseBeds: Sendable {
    var white: [Float]
    var pink: [Float]
    var babble: [Float]

    static func make(work: String, seed: UInt64) throws -> NoiseBeds {
        var state = seed | 1
        func random() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24) - 0.5
        }
        let count = 44_100 * 60
        let white = (0..<count).map { _ in random() }
        var b = [Float](repeating: 0, count: 7)
        let pink: [Float] = white.map { w in
            b[0] = 0.99886 * b[0] + w * 0.0555179; b[1] = 0.99332 * b[1] + w * 0.0750759; b[2] = 0.96900 * b[2] + w * 0.1538520
            b[3] = 0.86650 * b[3] + w * 0.3104856; b[4] = 0.55000 * b[4] + w * 0.5329522; b[5] = -0.7616 * b[5] - w * 0.0168980
            let value = b[0] + b[1] + b[2] + b[3] + b[4] + b[5] + b[6] + w * 0.5362
            b[6] = w * 0.115926
            return value * 0.2
        }
        let text =
            "The quick brown fox jumps over the lazy dog while the band plays on and people talk about the weather, the game last night, the price of coffee and where to go for dinner after the show."
        var talkers: [String] = []
        for (index, voice) in ["en", "en-us", "en+f3", "en+m3", "en-gb", "en+f2"].enumerated() {
            let path = "\(work)/talker\(index).wav"
            try ExternalTool.run("espeak-ng", ["-v", voice, "-s", String(150 + index * 10), "-w", path, String(repeating: text + " ", count: 3)])
            talkers.append(path)
        }
        let babblePath = "\(work)/babble.wav"
        try ExternalTool.run("sox", ["-m"] + talkers + ["-r", "44100", "-c", "1", babblePath])
        var babble = try AudioDecoder.decode(fileAt: babblePath).samples
        while babble.count < count { babble += babble }
        return NoiseBeds(white: white, pink: pink, babble: Array(babble.prefix(count)))
    }

    static func mix(_ audio: AudioSamples, _ noise: [Float], snrDB: Double) -> AudioSamples {
        func power(_ samples: [Float]) -> Double { samples.reduce(0) { $0 + Double($1 * $1) } / Double(max(1, samples.count)) }
        let gain = Float(sqrt(power(audio.samples) / max(1e-12, power(noise) * pow(10, snrDB / 10))))
        var mixed = zip(audio.samples, noise).map { $0 + gain * $1 }
        let peak = mixed.reduce(0) { max($0, abs($1)) }
        if peak > 0.99 { mixed = mixed.map { $0 * 0.99 / peak } }
        return AudioSamples(samples: mixed, sampleRate: audio.sampleRate)
    }
}
