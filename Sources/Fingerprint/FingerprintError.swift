import Foundation

/// Why audio could not be fingerprinted or recognised, in words a user can act on.
public enum FingerprintError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty(String)
    case notAudio(String)
    case corrupt(String, detail: String)
    case tooShort(String, seconds: Double, needed: Double)
    case decoderMissing(String)
    /// Decoded, but silence (or too faint to hold a single spectral peak).
    case silent(String)
    case catalog(String)

    public var description: String {
        switch self {
        case .empty(let name): "\(name) is empty"
        case .notAudio(let name): "\(name) is not audio this build can read (WAV or raw PCM natively; other formats need ffmpeg)"
        case .corrupt(let name, let detail): "\(name) is damaged: \(detail)"
        case .tooShort(let name, let seconds, let needed):
            "\(name) holds \(String(format: "%.1f", seconds)) s of audio; at least \(String(format: "%.1f", needed)) s are needed"
        case .decoderMissing(let name): "\(name) is not WAV or raw PCM, and ffmpeg (which would decode it) is not installed"
        case .silent(let name): "\(name) has no audible content: there is nothing to fingerprint"
        case .catalog(let detail): "fingerprint catalog: \(detail)"
        }
    }
}
