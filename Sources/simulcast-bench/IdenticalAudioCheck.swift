import Fingerprint
import Foundation

/// Decides whether a recognition at another place (or in a near-duplicate file) is still
/// right: looped music repeats itself sample for sample, and a match on an identical repeat
/// counts. The claimed place is right when the reference audio there correlates at least
/// `minimumCorrelation` with the audio the query was cut from; lossy coding leaves a true
/// repeat at 0.96 or more, a varied reprise of the same tune well below 0.9.
final class IdenticalAudioCheck {
    static let minimumCorrelation: Float = 0.9
    private var decoded: [String: [Float]] = [:]

    /// The offset error after allowing identical repeats: how far the claimed offset is from
    /// the nearest place (within `window`) where `matched` holds the query's source audio.
    /// Nil when no place in the window is identical.
    func repeatError(source: String, start: Double, length: Double, matched: String, claimed: Double, window: Double) throws -> Double? {
        let rate = Double(FingerprintParameters.sampleRate)
        let sourceAudio = try samples(source)
        let matchedAudio = try samples(matched)
        let count = Int(length * rate)
        let from = Int(start * rate)
        guard from >= 0, from + count <= sourceAudio.count else { return nil }
        let query = Array(sourceAudio[from..<(from + count)])
        let queryEnergy = Self.dot(query[...], query[...])
        guard queryEnergy > 0 else { return nil }
        let center = Int(claimed * rate)
        let reach = Int(window * rate)
        var best: (correlation: Float, lag: Int) = (0, 0)
        for lag in -reach...reach {
            let at = center + lag
            guard at >= 0, at + count <= matchedAudio.count else { continue }
            let candidate = matchedAudio[at..<(at + count)]
            let correlation = Self.dot(query[...], candidate) / (queryEnergy * Self.dot(candidate, candidate)).squareRoot()
            if correlation > best.correlation { best = (correlation, lag) }
        }
        return best.correlation >= Self.minimumCorrelation ? Double(abs(best.lag)) / rate : nil
    }

    private func samples(_ path: String) throws -> [Float] {
        if let cached = decoded[path] { return cached }
        // Whole files at 8 kHz are large; misses come one at a time.
        if decoded.count >= 4 { decoded.removeAll() }
        let audio = Resampler.resample(try AudioDecoder.decode(fileAt: path), to: FingerprintParameters.sampleRate).samples
        decoded[path] = audio
        return audio
    }

    private static func dot(_ a: ArraySlice<Float>, _ b: ArraySlice<Float>) -> Float {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                var sum = SIMD8<Float>()
                var index = 0
                let n = min(x.count, y.count)
                while index + 8 <= n {
                    sum +=
                        UnsafeRawPointer(x.baseAddress! + index).loadUnaligned(as: SIMD8<Float>.self)
                        * UnsafeRawPointer(y.baseAddress! + index).loadUnaligned(as: SIMD8<Float>.self)
                    index += 8
                }
                var total = sum.sum()
                while index < n {
                    total += x[index] * y[index]
                    index += 1
                }
                return total
            }
        }
    }
}
