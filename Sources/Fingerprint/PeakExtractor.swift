import Foundation

/// Audio to spectral peaks: a log-power spectrogram (Hann window, 512-point real FFT, 16 ms
/// hop at 8 kHz), then points that are the largest in their time-frequency neighbourhood and
/// stand above the frame's typical level, thinned to the strongest few per second.
public struct PeakExtractor: Sendable {
    let fft = RealFFT(size: FingerprintParameters.fftSize)
    let window: [Float]

    public init() {
        let size = FingerprintParameters.fftSize
        window = (0..<size).map { 0.5 - 0.5 * cos(2 * Float.pi * Float($0) / Float(size)) }
    }

    /// Log-power rows (one per frame) of the band the fingerprint uses.
    public func spectrogram(_ samples: [Float]) -> [[Float]] {
        let size = FingerprintParameters.fftSize
        let hop = FingerprintParameters.hop
        guard samples.count >= size else { return [] }
        let frames = (samples.count - size) / hop + 1
        var rows: [[Float]] = []
        rows.reserveCapacity(frames)
        var frame = [Float](repeating: 0, count: size)
        var power = [Float](repeating: 0, count: size / 2 + 1)
        var scratch = [SIMD2<Float>](repeating: .zero, count: size / 2)
        samples.withUnsafeBufferPointer { input in
            for index in 0..<frames {
                let start = index * hop
                for k in 0..<size { frame[k] = input[start + k] * window[k] }
                frame.withUnsafeBufferPointer { fft.power($0, into: &power, scratch: &scratch) }
                var row = [Float](repeating: 0, count: FingerprintParameters.highestBin + 1)
                for bin in FingerprintParameters.lowestBin...FingerprintParameters.highestBin {
                    row[bin] = log(power[bin] + 1e-9)
                }
                rows.append(row)
            }
        }
        return rows
    }

    public func peaks(_ samples: [Float]) -> [Peak] {
        peaks(spectrogram: spectrogram(samples))
    }

    public func peaks(spectrogram rows: [[Float]]) -> [Peak] {
        let low = FingerprintParameters.lowestBin
        let high = FingerprintParameters.highestBin
        let binRadius = 6
        let frameRadius = 5
        var candidates: [Peak] = []
        for (t, row) in rows.enumerated() {
            // The frame's typical level: its mean log power.
            var mean: Float = 0
            for bin in low...high { mean += row[bin] }
            mean /= Float(high - low + 1)
            for bin in (low + 1)..<high {
                let value = row[bin]
                guard value > mean + 1.0, value >= row[bin - 1], value > row[bin + 1] else { continue }
                var isPeak = true
                check: for dt in -frameRadius...frameRadius {
                    let other = t + dt
                    guard other >= 0, other < rows.count else { continue }
                    let neighbour = rows[other]
                    for db in -binRadius...binRadius where dt != 0 || db != 0 {
                        let b = bin + db
                        guard b >= low, b <= high else { continue }
                        if neighbour[b] > value || (neighbour[b] == value && (dt < 0 || (dt == 0 && db < 0))) {
                            isPeak = false
                            break check
                        }
                    }
                }
                if isPeak { candidates.append(Peak(frame: Int32(t), bin: Int16(bin), strength: value - mean)) }
            }
        }
        return thin(candidates)
    }

    /// Keeps the strongest peaks in each one-second block, so loud dense passages do not
    /// crowd the index and quiet ones still get landmarks.
    func thin(_ peaks: [Peak]) -> [Peak] {
        let block = Int32((1 / FingerprintParameters.secondsPerFrame).rounded())
        var kept: [Peak] = []
        var start = 0
        while start < peaks.count {
            let blockIndex = peaks[start].frame / block
            var end = start
            while end < peaks.count, peaks[end].frame / block == blockIndex { end += 1 }
            let strongest = peaks[start..<end].sorted { $0.strength > $1.strength }.prefix(FingerprintParameters.peaksPerSecond)
            kept += strongest.sorted { ($0.frame, $0.bin) < ($1.frame, $1.bin) }
            start = end
        }
        return kept
    }
}
