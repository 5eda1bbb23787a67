/// A pair of peaks hashed to 21 bits (anchor bin, bin step, frame gap) and the anchor's time.
public struct Landmark: Hashable, Sendable {
    public var hash: UInt32
    /// Frame of the anchor peak (fractional for queries mapped through a speed hypothesis).
    public var frame: Float

    public static let hashBits = 21

    /// Pairs each peak with the next few in its target zone. Peaks with coordinates as floats
    /// so a query can be mapped onto the reference's time and frequency scale first.
    public static func make(_ peaks: [(frame: Float, bin: Float)]) -> [Landmark] {
        var landmarks: [Landmark] = []
        landmarks.reserveCapacity(peaks.count * FingerprintParameters.fanOut)
        let maxGap = Float(FingerprintParameters.maximumFrameGap)
        let maxStep = Float(FingerprintParameters.maximumBinGap)
        for (index, anchor) in peaks.enumerated() {
            var paired = 0
            var next = index + 1
            while next < peaks.count, paired < FingerprintParameters.fanOut {
                let target = peaks[next]
                next += 1
                let gap = (target.frame - anchor.frame).rounded()
                if gap < 1 { continue }
                if gap > maxGap { break }
                let step = (target.bin - anchor.bin).rounded()
                guard abs(step) <= maxStep else { continue }
                let bin = UInt32(max(0, min(255, anchor.bin.rounded())))
                let hash = bin << 13 | UInt32(Int(step) + 64) << 6 | UInt32(gap)
                landmarks.append(Landmark(hash: hash, frame: anchor.frame))
                paired += 1
            }
        }
        return landmarks
    }
}
