import Fingerprint
import Foundation

/// A way a query can be degraded, following the research protocol's commands (sox, ffmpeg,
/// espeak-ng babble); noises are mixed here at the stated SNR.
enum QueryCondition: String, CaseIterable, Sendable {
    case clean, white10, white5, white0, pink5, babble5, mp3, opus, speedUp2, speedDown3, speedUp5, tempoUp3, pitchUp50, reverb, phone, micSim

    var label: String {
        switch self {
        case .clean: "clean"
        case .white10: "white 10 dB"
        case .white5: "white 5 dB"
        case .white0: "white 0 dB"
        case .pink5: "pink 5 dB"
        case .babble5: "babble 5 dB"
        case .mp3: "MP3 32 kb/s"
        case .opus: "Opus 16 kb/s"
        case .speedUp2: "speed +2 %"
        case .speedDown3: "speed -3 %"
        case .speedUp5: "speed +5 %"
        case .tempoUp3: "tempo +3 %"
        case .pitchUp50: "pitch +50 cents"
        case .reverb: "reverb"
        case .phone: "phone band"
        case .micSim: "mic simulation"
        }
    }

    /// The speed change sox applies (the skew a recogniser should report).
    var trueSkew: Double? {
        switch self {
        case .speedUp2: 0.02
        case .speedDown3: -0.03
        case .speedUp5: 0.05
        // Skew is the rate of time: tempo changes it, a pitch shift alone does not.
        case .tempoUp3: 0.03
        case .pitchUp50: 0
        case .clean, .white10, .white5, .white0, .pink5, .babble5, .mp3, .opus, .reverb, .phone, .micSim: 0
        }
    }

    /// Turns the clean 44.1 kHz mono WAV at `input` into the degraded WAV at `output`.
    func apply(input: String, output: String, noise: NoiseBeds, seed: Int) throws {
        func sox(_ effects: [String]) throws { try ExternalTool.run("sox", [input, output] + effects) }
        func mixed(_ bed: [Float], snr: Double, source: String = input) throws {
            let audio = try AudioDecoder.decode(fileAt: source)
            let start = (seed * 7919) % max(1, bed.count - audio.samples.count)
            let slice = Array(bed[start..<(start + audio.samples.count)])
            try NoiseBeds.mix(audio, slice, snrDB: snr).wavData().write(to: URL(fileURLWithPath: output))
        }
        switch self {
        case .clean: try FileManager.default.copyItem(atPath: input, toPath: output)
        case .white10: try mixed(noise.white, snr: 10)
        case .white5: try mixed(noise.white, snr: 5)
        case .white0: try mixed(noise.white, snr: 0)
        case .pink5: try mixed(noise.pink, snr: 5)
        case .babble5: try mixed(noise.babble, snr: 5)
        case .mp3:
            let encoded = output + ".mp3"
            try ExternalTool.run("ffmpeg", ["-v", "error", "-y", "-i", input, "-c:a", "libmp3lame", "-b:a", "32k", encoded])
            try ExternalTool.run("ffmpeg", ["-v", "error", "-y", "-i", encoded, "-ac", "1", "-ar", "44100", output])
            try? FileManager.default.removeItem(atPath: encoded)
        case .opus:
            let encoded = output + ".opus"
            try ExternalTool.run("ffmpeg", ["-v", "error", "-y", "-i", input, "-c:a", "libopus", "-b:a", "16k", encoded])
            try ExternalTool.run("ffmpeg", ["-v", "error", "-y", "-i", encoded, "-ac", "1", "-ar", "44100", output])
            try? FileManager.default.removeItem(atPath: encoded)
        case .speedUp2: try sox(["speed", "1.02", "rate", "44100"])
        case .speedDown3: try sox(["speed", "0.97", "rate", "44100"])
        case .speedUp5: try sox(["speed", "1.05", "rate", "44100"])
        case .tempoUp3: try sox(["tempo", "1.03"])
        case .pitchUp50: try sox(["pitch", "50", "rate", "44100"])
        case .reverb: try sox(["reverb", "50", "50", "100"])
        case .phone: try sox(["highpass", "300", "lowpass", "3400", "rate", "8000"])
        case .micSim:
            let room = output + ".room.wav"
            try ExternalTool.run("sox", [input, room, "highpass", "200", "lowpass", "6000", "reverb", "40", "50", "60"])
            try mixed(noise.pink, snr: 10, source: room)
            try? FileManager.default.removeItem(atPath: room)
        }
    }
}
